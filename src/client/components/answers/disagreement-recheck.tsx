import { CheckCircle2, CircleHelp, Gavel, Loader2, RefreshCw, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Disagreement, RecheckOutcome } from '../../../common/comparison';
import { displayNameOf } from '../../../common/models';
import { Button } from '../ui/button';
import type { LiveRound } from './use-settle';

// A disagreement's re-check ('Settle this', issue 13, item 2): the button while it has had none, the
// models' replies arriving while it runs, and afterwards each model's verdict with its reasoning, kept
// with the disagreement (its positions above stay as first stated).

export function verdictLabel(outcome: RecheckOutcome): string {
  if (outcome.reply === null) return 'Could not re-check';
  if (outcome.error) return 'Did not finish: keeps its answer';
  if (outcome.verdict === 'held') return 'Kept its answer';
  if (outcome.verdict === 'changed') return outcome.value ? `Changed to ${outcome.value}` : 'Changed its answer';
  return 'Not sure';
}

const VERDICT_STYLE: Record<RecheckOutcome['verdict'], string> = {
  held: 'border-slate-300 bg-card text-foreground',
  changed: 'border-indigo-300 bg-indigo-50 text-indigo-900',
  uncertain: 'border-amber-300 bg-amber-100/60 text-amber-900',
};

function Reply({ model, text, outcome }: { model: string; text: string; outcome?: RecheckOutcome }) {
  return (
    <li className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{displayNameOf(model)}</span>
        {outcome ? (
          <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${VERDICT_STYLE[outcome.verdict]}`}>
            {verdictLabel(outcome)}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Loader2 className="size-3 animate-spin" aria-hidden />
            Re-checking…
          </span>
        )}
      </div>
      {(outcome?.reply ?? text) && (
        <p className="text-muted-foreground whitespace-pre-wrap break-words">{outcome?.reply ?? text}</p>
      )}
      {outcome?.reply === null && outcome.error && <p className="text-xs text-muted-foreground">{outcome.error}</p>}
    </li>
  );
}

/** What a settled or re-checked disagreement ended with, in one line. */
export function roundResult(settlement: NonNullable<Disagreement['settlement']>): string {
  return settlement.settled
    ? `Settled: every model now states ${settlement.value}`
    : 'Still disputed after re-checking';
}

/** What a screen reader hears as the round goes: how many have replied, then how it ended. */
function roundStatus(disagreement: Disagreement, live: LiveRound | undefined): string {
  if (disagreement.settlement) return `Re-check finished. ${roundResult(disagreement.settlement)}.`;
  if (!live) return '';
  const done = Object.keys(live.outcomes).length;
  return `Re-checking: ${done} of ${live.models.length || disagreement.positions.length} models replied`;
}

export function DisagreementRecheck(props: {
  disagreement: Disagreement;
  live: LiveRound | undefined;
  canSettle: boolean;
  onSettle?: (topic: string) => void;
}) {
  // One live region for the whole round, so its progress and result are heard as they change; the
  // round's section takes the focus from the button it replaces.
  const section = useRef<HTMLDivElement>(null);
  const started = Boolean(props.live);
  useEffect(() => {
    if (started) section.current?.focus();
  }, [started]);
  return (
    <div ref={section} tabIndex={-1} className="outline-none">
      <p aria-live="polite" className="sr-only">
        {roundStatus(props.disagreement, props.live)}
      </p>
      <RoundView {...props} />
    </div>
  );
}

function RoundView({
  disagreement,
  live,
  canSettle,
  onSettle,
}: {
  disagreement: Disagreement;
  live: LiveRound | undefined;
  /** A round may be asked for: none yet on this disagreement, and the question has rounds left. */
  canSettle: boolean;
  onSettle?: (topic: string) => void;
}) {
  const { settlement } = disagreement;
  if (settlement) {
    return (
      <section aria-label="Re-check" className="mt-3 border-t border-amber-200 pt-2">
        <p
          className={`flex items-center gap-1.5 text-xs font-semibold ${settlement.settled ? 'text-green-800' : 'text-amber-900'}`}
        >
          {settlement.settled ? (
            <CheckCircle2 className="size-4 text-green-600" aria-hidden />
          ) : (
            <CircleHelp className="size-4" aria-hidden />
          )}
          {roundResult(settlement)}
        </p>
        <ul className="mt-2 grid gap-2">
          {settlement.outcomes.map((outcome) => (
            <Reply key={outcome.model} model={outcome.model} text="" outcome={outcome} />
          ))}
        </ul>
      </section>
    );
  }
  if (live) {
    const models = live.models.length > 0 ? live.models : [...new Set(disagreement.positions.map((p) => p.model))];
    return (
      <section aria-label="Re-check" aria-busy className="mt-3 border-t border-amber-200 pt-2">
        <p className="flex items-center gap-1.5 text-xs font-semibold text-amber-900">
          <RefreshCw className="size-3.5 animate-spin" aria-hidden />
          Asking each model to re-check, without saying who said what…
        </p>
        <ul className="mt-2 grid gap-2">
          {models.map((model) => (
            <Reply key={model} model={model} text={live.replies[model] ?? ''} outcome={live.outcomes[model]} />
          ))}
        </ul>
      </section>
    );
  }
  if (!canSettle || !onSettle) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
      <Button variant="outline" size="sm" className="h-8 bg-card" onClick={() => onSettle(disagreement.topic)}>
        <Gavel aria-hidden />
        Settle this
        <span className="sr-only">: {disagreement.topic}</span>
      </Button>
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
        <ShieldCheck className="size-3.5" aria-hidden />
        Each model re-checks, blind · uses 1 question
      </span>
    </div>
  );
}
