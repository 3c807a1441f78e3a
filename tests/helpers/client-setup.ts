import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetToasts } from '../../src/client/components/ui/toast-store';

// Dialogs and the toaster load their code when first used (decision 0032); on a busy machine the
// first import of such a module is transformed on demand and can take longer than the default second.
// Waiting longer changes no assertion: what a test waits for must still appear.
configure({ asyncUtilTimeout: 5000 });

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

// jsdom has no pointer capture; Radix's toast asks for it when a pointer presses inside a toast (its
// swipe-to-dismiss), e.g. on its Undo action. As in a browser where nothing holds a capture.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
