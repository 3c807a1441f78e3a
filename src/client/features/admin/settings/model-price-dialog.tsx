import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MAX_PRICE_PER_MILLION } from '../../../../common/limits';
import { modelPriceMessages } from '../../../../common/model-price-messages';
import type { ModelPrice } from '../../../../common/model-prices';
import { useSaveModelPrice } from '../../../api/admin/ai-models';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api';

// A model version's price per million tokens (issue 13, item 4), from the vendor's price page. Both
// fields left empty removes the price.

/** '' -> null; a number from 0 to the maximum; undefined when it is neither. */
function parsePrice(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= MAX_PRICE_PER_MILLION ? value : undefined;
}

export function ModelPriceDialog({
  open,
  onOpenChange,
  model,
  displayName,
  version,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  model: string;
  displayName: string;
  /** The version the model answers with now. */
  version: string;
  current: ModelPrice | undefined;
}) {
  const id = useId();
  const save = useSaveModelPrice();
  const [input, setInput] = useState(current ? String(current.inputPerMillion) : '');
  const [output, setOutput] = useState(current ? String(current.outputPerMillion) : '');
  const [errors, setErrors] = useState<{ input?: string; output?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const inputPerMillion = parsePrice(input);
    const outputPerMillion = parsePrice(output);
    const found = {
      input: inputPerMillion === undefined ? modelPriceMessages.priceInvalid : undefined,
      output: outputPerMillion === undefined ? modelPriceMessages.priceInvalid : undefined,
    };
    setErrors(found);
    if (inputPerMillion === undefined || outputPerMillion === undefined) return;
    save.mutate(
      { model, version, inputPerMillion, outputPerMillion },
      {
        onSuccess: ({ message }) => {
          toast({ variant: 'success', title: message, duration: 3000 });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'The price was not saved',
            description: errorText(error, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>
            Price of {displayName} {version}
          </DialogTitle>
          <DialogDescription>
            US dollars per million tokens, from the vendor's price page. The dashboard's cost estimate uses it; leave
            both empty to remove the price.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-in`} label="Input, $ per 1M tokens" error={errors.input}>
              <Input
                {...fieldA11y(`${id}-in`, errors.input)}
                inputMode="decimal"
                value={input}
                onChange={(event) => setInput(event.target.value)}
                placeholder="2.50"
              />
            </FormField>
            <FormField id={`${id}-out`} label="Output, $ per 1M tokens" error={errors.output}>
              <Input
                {...fieldA11y(`${id}-out`, errors.output)}
                inputMode="decimal"
                value={output}
                onChange={(event) => setOutput(event.target.value)}
                placeholder="10.00"
              />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Save price
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
