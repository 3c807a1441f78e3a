import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deadline } from './deadline';

// The vendor timeout (stream-answer.ts, judge.ts): it must fire even when the garbage collector runs
// while a vendor hangs, which a timeout signal combined with AbortSignal.any() does not on Node 20.

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deadline', () => {
  it('aborts with a TimeoutError once the time is up, even after garbage collection', async () => {
    const { signal } = deadline(new AbortController().signal, 100);
    for (let i = 0; i < 5; i++) {
      collectGarbage();
      await wait(10);
    }
    await wait(200);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it("aborts at once with the caller's reason when the caller gives up", () => {
    const caller = new AbortController();
    const { signal } = deadline(caller.signal, 10_000);
    caller.abort(new Error('client went away'));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('client went away');
  });

  it('does not fire once cleared', async () => {
    const { signal, clear } = deadline(new AbortController().signal, 50);
    clear();
    await wait(120);
    expect(signal.aborted).toBe(false);
  });
});
