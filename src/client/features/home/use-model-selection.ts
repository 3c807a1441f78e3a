import { useCallback, useState } from 'react';
import {
  DEFAULT_SELECTED_MODELS,
  MAX_SELECTED_MODELS,
  MIN_SELECTED_MODELS,
  modelKeys,
  type ModelKey,
} from '../../../common/model-catalogue';

// The chatbot picker's rules (docs/product.md, "Asking a question"): default chatgpt, grok, gemini;
// 1 to 3 selected. The choice survives reloads in local storage.

export const SELECTED_MODELS_KEY = 'parallaxSelectedModels';

/** A stored choice is used only if it is a list of 1 to 3 known models; anything else means the defaults. */
function isStoredChoice(value: unknown): value is ModelKey[] {
  return (
    Array.isArray(value) &&
    value.length >= MIN_SELECTED_MODELS &&
    value.length <= MAX_SELECTED_MODELS &&
    value.every((key) => (modelKeys as readonly unknown[]).includes(key))
  );
}

function load(): ModelKey[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SELECTED_MODELS_KEY) ?? 'null');
    if (isStoredChoice(stored)) return modelKeys.filter((key) => stored.includes(key));
  } catch {
    // Unreadable storage: the defaults.
  }
  return [...DEFAULT_SELECTED_MODELS];
}

function remember(choice: ModelKey[]): void {
  try {
    localStorage.setItem(SELECTED_MODELS_KEY, JSON.stringify(choice));
  } catch {
    // Private mode without storage: the choice lasts until the page reloads.
  }
}

export function useModelSelection() {
  const [selected, setSelected] = useState<ModelKey[]>(load);

  const toggle = useCallback((model: ModelKey) => {
    setSelected((current) => {
      const next = current.includes(model)
        ? current.length > MIN_SELECTED_MODELS
          ? current.filter((key) => key !== model)
          : current
        : current.length < MAX_SELECTED_MODELS
          ? modelKeys.filter((key) => key === model || current.includes(key))
          : current;
      if (next !== current) remember(next);
      return next;
    });
  }, []);

  /** Picks exactly these models (a question asked again with its own models), if they are a valid choice. */
  const choose = useCallback((models: readonly string[]) => {
    const next = modelKeys.filter((key) => models.includes(key));
    if (!isStoredChoice(next)) return;
    remember(next);
    setSelected(next);
  }, []);

  return { selected, toggle, choose };
}

/** Why a model cannot be ticked or unticked right now, if it cannot. */
export function selectionLock(selected: readonly ModelKey[], model: ModelKey): string | null {
  const isSelected = selected.includes(model);
  if (isSelected && selected.length <= MIN_SELECTED_MODELS) return 'At least one model must stay selected';
  if (!isSelected && selected.length >= MAX_SELECTED_MODELS)
    return `At most ${MAX_SELECTED_MODELS} models can be selected`;
  return null;
}
