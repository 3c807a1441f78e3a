import { KeyRound } from 'lucide-react';
import type { ApiStatus } from '../../../common/models';
import { MAX_SELECTED_MODELS, modelCatalogue, modelKeys, type ModelKey } from '../../../common/model-catalogue';
import { Checkbox } from '../../components/ui/checkbox';
import { cn } from '../../lib/cn';
import { selectionLock } from './use-model-selection';

/** The seven chatbots with a tick box each; 1 to 3 may be ticked (docs/product.md, "Asking a question"). */
export function ModelPicker({
  selected,
  onToggle,
  apiStatus,
  onConfigure,
}: {
  selected: readonly ModelKey[];
  onToggle: (model: ModelKey) => void;
  /** Undefined while loading: nothing is flagged until the answer is in. */
  apiStatus: ApiStatus | undefined;
  onConfigure: (model: ModelKey) => void;
}) {
  const full = selected.length >= MAX_SELECTED_MODELS;
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {full
          ? `${selected.length}/${MAX_SELECTED_MODELS} selected: untick one to choose another`
          : `${selected.length}/${MAX_SELECTED_MODELS} selected`}
      </p>
      <ul className="grid gap-1">
        {modelKeys.map((key) => {
          const model = modelCatalogue[key];
          const checked = selected.includes(key);
          const lock = selectionLock(selected, key);
          const needsKey = apiStatus !== undefined && !apiStatus[key];
          const id = `model-${key}`;
          return (
            <li
              key={key}
              className={cn(
                'flex items-start gap-3 rounded-lg border px-3 py-2 transition-colors',
                checked ? 'border-indigo-200 bg-secondary/70' : 'border-transparent hover:bg-muted/60',
              )}
            >
              <Checkbox
                id={id}
                checked={checked}
                disabled={lock !== null}
                onCheckedChange={() => onToggle(key)}
                aria-describedby={needsKey ? `${id}-key` : undefined}
                title={lock ?? undefined}
                className="mt-0.5"
              />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <label
                  htmlFor={id}
                  title={lock ?? undefined}
                  className={cn(
                    'text-sm font-medium leading-tight',
                    lock ? 'cursor-not-allowed' : 'cursor-pointer',
                    lock && !checked && 'text-muted-foreground',
                  )}
                >
                  {model.displayName}
                </label>
                <span className="truncate text-xs text-muted-foreground">{model.provider}</span>
                {needsKey && (
                  <span id={`${id}-key`} className="flex flex-wrap items-center gap-x-2 text-xs text-amber-700">
                    <span className="inline-flex items-center gap-1">
                      <KeyRound className="size-3" aria-hidden />
                      needs key
                    </span>
                    <button
                      type="button"
                      onClick={() => onConfigure(key)}
                      aria-label={`Configure ${model.displayName}`}
                      className="font-medium text-primary underline-offset-2 hover:underline cursor-pointer"
                    >
                      Configure
                    </button>
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
