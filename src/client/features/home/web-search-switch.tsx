import { Globe } from 'lucide-react';
import { useCallback, useState } from 'react';
import { displayNameOf, type ModelKey } from '../../../common/model-catalogue';
import { searchesTheWeb, searchSwitchMatters, webSearchCents, webSearchTexts } from '../../../common/web-search';
import { LabelledSwitch } from '../../components/ui/labelled-switch';

// "Search the web" (issue 17, item 2): per question, remembered between visits; what it adds to the
// vendors' bills for the models picked, and which of them cannot search, read under it.

const WEB_SEARCH_KEY = 'parallaxWebSearch';

export function useWebSearchChoice() {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(WEB_SEARCH_KEY) === 'on';
    } catch {
      return false;
    }
  });
  const change = useCallback((next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(WEB_SEARCH_KEY, next ? 'on' : 'off');
    } catch {
      // Without storage the choice lasts until the page reloads.
    }
  }, []);
  return [on, change] as const;
}

export function WebSearchSwitch({
  on,
  onChange,
  selected,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  selected: readonly ModelKey[];
}) {
  const names = (kind: (typeof searchesTheWeb)[ModelKey]) =>
    selected
      .filter((model) => searchesTheWeb[model] === kind)
      .map(displayNameOf)
      .join(' and ');
  const matters = searchSwitchMatters(selected);
  const always = names('always');
  const cannot = names('never');
  const notes = [
    !matters ? webSearchTexts.nothingToSwitch : on ? webSearchTexts.cost(webSearchCents(selected)) : null,
    always ? webSearchTexts.alwaysSearches(always) : null,
    on && matters && cannot ? webSearchTexts.cannotSearch(cannot) : null,
  ].filter(Boolean);
  const description = notes.length > 0 ? notes.join(' ') : undefined;
  return (
    <LabelledSwitch
      checked={on && matters}
      disabled={!matters}
      onCheckedChange={onChange}
      label={
        <span className="inline-flex items-center gap-1.5">
          <Globe className="size-4 text-muted-foreground" aria-hidden />
          {webSearchTexts.label}
        </span>
      }
      description={description}
    />
  );
}
