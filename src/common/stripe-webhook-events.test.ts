import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requiredWebhookEvents } from './stripe-webhook-events';

// The README tells an operator which events to enable at Stripe; this keeps its list the handler's list.

const README = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

/** The backticked event names of the README's paragraph that points a Stripe webhook at the app. */
function readmeEvents(): string[] {
  const paragraph = README.split(/\n\s*\n/).find((block) => block.includes('point a Stripe webhook at'));
  if (!paragraph) throw new Error('README.md has no paragraph about pointing a Stripe webhook at the app');
  return [...paragraph.matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((match) => match[1]!);
}

describe('Stripe webhook events', () => {
  it('the README lists exactly the events the webhook handles, each once', () => {
    const listed = readmeEvents();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...requiredWebhookEvents].sort());
  });
});
