import { screen, within } from '@testing-library/react';
import type { FakeResponse, RecordedRequest } from '../../../../tests/helpers/fake-fetch';

// Shared by this folder's component tests only; not a test file itself.

/** A fake answer the test releases when it has looked at the pending state. */
export function deferred(answer: FakeResponse) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await gate, answer), release };
}

/**
 * The toast on screen. Radix also copies a toast's text into a live region for screen readers,
 * so the text is looked up inside the notifications region only.
 */
export async function findToast(text: string | RegExp) {
  const region = await screen.findByRole('region', { name: /notifications/i });
  return within(region).findByText(text);
}

export function requestsTo(requests: RecordedRequest[], method: string, path: string): RecordedRequest[] {
  return requests.filter((request) => request.method === method && request.path === path);
}

/** The JSON bodies the page sent to one endpoint, in order. */
export function bodiesSentTo(requests: RecordedRequest[], method: string, path: string): unknown[] {
  return requestsTo(requests, method, path).map((request) => request.body);
}
