import { AlertDialog } from 'radix-ui';
import { useLayoutEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { paymentSettingsTexts as t } from './settings-texts';
import { buttonVariants } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useReturnFocus } from '../../../components/ui/return-focus';

export type LiveSwitchStep = 'idle' | 'warn' | 'clear';

/**
 * Going live asks twice (docs/product.md, "Payment settings"). First a warning about real payments (declining
 * cancels the save), then whether to clear the stored test customer and subscription ids. The second question has
 * its own Cancel, so Escape or a stray click never counts as an answer.
 */
export function LiveModeDialogs({
  step,
  onStepChange,
  onClearAnswer,
}: {
  step: LiveSwitchStep;
  onStepChange: Dispatch<SetStateAction<LiveSwitchStep>>;
  onClearAnswer: (clearCustomerIds: boolean) => void;
}) {
  // What asked the first question (the Save button), taken before that dialog moves focus into itself; the
  // second question opens while the first still holds focus, so it gives focus back here.
  const asker = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (step === 'warn' && document.activeElement instanceof HTMLElement) asker.current = document.activeElement;
  }, [step]);
  const returnFocus = useReturnFocus({ returnTo: asker });
  return (
    <>
      <ConfirmDialog
        open={step === 'warn'}
        // The confirm button closes the dialog too, right after moving the step on: only a dismissal resets it.
        onOpenChange={(open) => !open && onStepChange((current) => (current === 'warn' ? 'idle' : current))}
        title={t.liveWarningTitle}
        description={t.liveWarning}
        confirmLabel={t.liveWarningConfirm}
        dismissLabel={t.liveWarningDismiss}
        destructive
        onConfirm={() => onStepChange('clear')}
      />
      <AlertDialog.Root open={step === 'clear'} onOpenChange={(open) => !open && onStepChange('idle')}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content
            {...returnFocus}
            className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-6 shadow-lg"
          >
            <AlertDialog.Title className="text-lg font-semibold">{t.clearIdsTitle}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">{t.clearIds}</AlertDialog.Description>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'ghost' })}>
                {t.clearIdsCancel}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonVariants({ variant: 'outline' })}
                onClick={() => onClearAnswer(false)}
              >
                {t.clearIdsKeep}
              </AlertDialog.Action>
              <AlertDialog.Action
                className={buttonVariants({ variant: 'default' })}
                onClick={() => onClearAnswer(true)}
              >
                {t.clearIdsConfirm}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
