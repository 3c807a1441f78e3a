import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELATIVE_TIME_TICK_MS } from '../../lib/relative-time';
import { RelativeTime } from './relative-time';

const START = new Date('2026-11-22T12:00:00Z');

/** One time shown from the start, and a second one that a button adds later, as a list row appearing would. */
function TwoTimes({ date }: { date: Date }) {
  const [second, setSecond] = useState(false);
  return (
    <>
      <p data-testid="first">
        <RelativeTime date={date} />
      </p>
      {second && (
        <p data-testid="second">
          <RelativeTime date={date} />
        </p>
      )}
      <button type="button" onClick={() => setSecond(true)}>
        Show second
      </button>
    </>
  );
}

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks while the page is open: just now, then 10 seconds ago, then 1 minute ago', () => {
    render(<RelativeTime date={START} />);
    const time = screen.getByText('just now');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', START.toISOString());
    act(() => vi.advanceTimersByTime(RELATIVE_TIME_TICK_MS));
    expect(time).toHaveTextContent('10 seconds ago');
    act(() => vi.advanceTimersByTime(5 * RELATIVE_TIME_TICK_MS));
    expect(time).toHaveTextContent('1 minute ago');
  });

  it('two times of the same moment on one screen always say the same, one clock for both', () => {
    render(<TwoTimes date={START} />);
    // Between ticks the wall clock moves on; the second time joins the first one's instant instead of reading it.
    act(() => vi.advanceTimersByTime(RELATIVE_TIME_TICK_MS - 1));
    act(() => screen.getByRole('button', { name: 'Show second' }).click());
    expect(screen.getByTestId('first')).toHaveTextContent('just now');
    expect(screen.getByTestId('second')).toHaveTextContent('just now');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('first')).toHaveTextContent('10 seconds ago');
    expect(screen.getByTestId('second')).toHaveTextContent('10 seconds ago');
    expect(vi.getTimerCount()).toBe(1);
  });

  it('stops its timer when the last time on screen goes', () => {
    const view = render(<RelativeTime date={START} />);
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('names the exact time in its tooltip', () => {
    render(<RelativeTime date={START} title="Nov 22, 2026, 12:00" />);
    expect(screen.getByText('just now')).toHaveAttribute('title', 'Nov 22, 2026, 12:00');
  });
});
