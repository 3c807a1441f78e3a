import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '../../../common/limits';

// One toast at a time (docs/product.md, "Cache and timing rules"): a new toast replaces the one on screen.

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** Milliseconds on screen; default 5000. */
  duration?: number;
  action?: { label: string; onClick: () => void };
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

let current: ToastEntry | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions): void {
  current = { duration: TOAST_DURATION_MS, variant: 'default', ...options, id: nextId++, open: true };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = { ...current, open: false };
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastEntry | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Forgets the toast on screen; tests call it between cases so one test's toast cannot leak into the next. */
export function resetToasts(): void {
  current = null;
  emit();
}
