import { LabelledSwitch } from '../../components/ui/labelled-switch';

/** The 'Highlight Differences' switch of a question's page (Space or Enter toggles it). */
export function HighlightToggle({
  checked,
  onCheckedChange,
  disabled = false,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <LabelledSwitch
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      label="Highlight Differences"
    />
  );
}
