import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetToasts } from '../../src/client/components/ui/toast-store';

beforeEach(() => {
  // jsdom lacks ResizeObserver, which Radix's checkbox uses to measure its hidden form input.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
