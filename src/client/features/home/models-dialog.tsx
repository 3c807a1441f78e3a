import type { ReactNode } from 'react';
import type { ApiStatus, ModelKey } from '../../../common/models';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { ModelPicker } from './model-picker';

/** The chatbot picker on narrow screens ('AI Models' and 'Done - Start Querying'; docs/product.md, "Home page"). */
export function ModelsDialog({
  open,
  onOpenChange,
  onDone,
  selected,
  onToggle,
  apiStatus,
  onConfigure,
  onCloseAutoFocus,
  extra,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
  selected: readonly ModelKey[];
  onToggle: (model: ModelKey) => void;
  apiStatus: ApiStatus | undefined;
  onConfigure: (model: ModelKey) => void;
  /** Where focus goes as it closes: prevent the default to put it elsewhere than on the opener. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Under the models: the question's other choices ("Search the web"). */
  extra?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md gap-3" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>AI Models</DialogTitle>
          <DialogDescription>Choose one to three models to answer your question.</DialogDescription>
        </DialogHeader>
        <ModelPicker selected={selected} onToggle={onToggle} apiStatus={apiStatus} onConfigure={onConfigure} />
        {extra && <div className="border-t pt-3">{extra}</div>}
        <DialogFooter>
          <Button className="w-full" onClick={onDone}>
            Done - Start Querying
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
