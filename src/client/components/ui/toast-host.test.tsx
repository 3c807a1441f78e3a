import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastHost } from './toast-host';
import { resetToasts, toast } from './toast-store';

afterEach(() => act(() => resetToasts()));

describe('ToastHost', () => {
  it('has a live region from the start, and shows and announces the first toast once its code loads', async () => {
    const { container } = render(<ToastHost />);
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region).toHaveTextContent('');

    act(() => toast({ variant: 'destructive', title: 'Question required', description: 'Type a question first' }));

    expect(await screen.findByText('Type a question first', { selector: '[data-state] *' })).toBeVisible();
    // Radix reads out the toast's text from inside the region for a second, then takes it away.
    await waitFor(() => expect(region).toHaveTextContent(/Question required\s*Type a question first/));
  });
});
