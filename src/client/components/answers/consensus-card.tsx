import { CheckCircle2, Quote, Scale, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import type { Consensus } from '../../../common/comparison';
import { displayNameOf } from '../../../common/models';
import { Card } from '../ui/card';

// The Parallax answer (issue 13, item 1): what the answers state alike, each sentence with the models
// that state it (their badges open each one's own words), and every dispute said to be one, with who holds
// which value. It settles nothing: a disputed point is never folded into the answer.

const names = (models: readonly string[]) => {
  const shown = models.map(displayNameOf);
  return shown.length < 2 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}`;
};

/** Who put the answer into words, and what the check against the claims left out. */
export function authorship(consensus: Consensus): string {
  if (consensus.writtenBy === 'assembled') return 'Assembled from the claims the answers share; no model wrote it.';
  const by = `Worded by ${consensus.judge?.displayName ?? 'the judge model'} from the shared claims, without seeing the answers or who gave them; each sentence checked against the claims it cites`;
  const left = consensus.dropped
    ? `, ${consensus.dropped} ${consensus.dropped === 1 ? 'sentence' : 'sentences'} it could not trace left out.`
    : '.';
  return by + left;
}

function Sentence({ sentence }: { sentence: Consensus['sentences'][number] }) {
  // Pinned by a press (touch, click, Enter); shown too while the pointer rests on the badges or the
  // keyboard's focus is on them.
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const open = pinned || hovered || focused;
  // A press from the keyboard toggles what is shown (focus showed it: Enter hides it); a click pins what
  // the mouse's hover showed, and a second click closes it.
  const close = () => {
    setPinned(false);
    setHovered(false);
    setFocused(false);
  };
  const press = (fromKeyboard: boolean) => {
    if (fromKeyboard ? open : pinned) close();
    else setPinned(true);
  };
  const quotesId = useId();
  return (
    <li className="leading-relaxed">
      {sentence.text}{' '}
      {sentence.settled && (
        <span className="mr-1 inline-flex translate-y-[-1px] items-center gap-0.5 rounded-full border border-green-300 bg-green-50 px-1.5 align-middle text-[0.7rem] font-medium text-green-800">
          <CheckCircle2 className="size-3" aria-hidden />
          Settled on re-check
        </span>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={quotesId}
        onClick={(event) => press(event.detail === 0)}
        onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={(event) => setFocused(event.currentTarget.matches(':focus-visible'))}
        onBlur={() => setFocused(false)}
        aria-label={`Stated by ${names(sentence.models)}: ${open ? 'hide' : 'show'} their words`}
        title={`Stated by ${names(sentence.models)}`}
        className="inline-flex translate-y-[-1px] flex-wrap items-center gap-1 rounded-md align-middle focus-visible:outline-2 focus-visible:outline-ring"
      >
        {sentence.models.map((model) => (
          <span
            key={model}
            className="rounded-full border border-indigo-200 bg-secondary px-1.5 text-[0.7rem] font-medium text-secondary-foreground"
          >
            {displayNameOf(model)}
          </span>
        ))}
      </button>
      {open && (
        <ul id={quotesId} className="mt-1.5 mb-2 grid gap-1 border-l-2 pl-3 text-xs text-muted-foreground">
          {sentence.quotes.map((quote) => (
            <li key={quote.model} className="flex gap-1.5">
              <Quote className="mt-0.5 size-3 shrink-0" aria-hidden />
              <span>
                <span className="font-semibold text-foreground">{displayNameOf(quote.model)}: </span>
                {quote.text}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function ConsensusCard({ consensus }: { consensus: Consensus }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="p-4 sm:p-5">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Sparkles className="size-5 text-primary" aria-hidden />
        Parallax answer
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Only what the answers state alike, with who states it; what they dispute is shown as disputed, settled only when
        the models themselves change their answer on re-checking.
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{authorship(consensus)}</p>
      {consensus.sentences.length > 0 ? (
        <ul className="mt-3 grid gap-2 text-sm">
          {consensus.sentences.map((sentence, index) => (
            <Sentence key={index} sentence={sentence} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">The answers state no fact alike.</p>
      )}
      {consensus.disputes.length > 0 && (
        <div className="mt-4">
          <h3 className="flex items-center gap-1.5 text-sm font-semibold">
            <Scale className="size-4 text-amber-600" aria-hidden />
            Disputed
          </h3>
          <ul className="mt-2 grid gap-2 text-sm">
            {consensus.disputes.map((dispute, index) => (
              <li key={index} className="rounded-md border border-amber-200 bg-amber-50/70 p-2.5">
                <p className="font-medium">{dispute.topic}</p>
                <ul className="mt-1 grid gap-0.5 text-muted-foreground">
                  {dispute.sides.map((side) => (
                    <li key={side.value}>
                      <span className="font-semibold text-foreground">{names(side.models)}:</span> {side.value}
                    </li>
                  ))}
                  {dispute.uncertain && dispute.uncertain.length > 0 && (
                    <li>
                      <span className="font-semibold text-foreground">{names(dispute.uncertain)}:</span> not sure, asked
                      to re-check
                    </li>
                  )}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
