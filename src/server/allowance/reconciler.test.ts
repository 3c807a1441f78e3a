import { describe, expect, it } from 'vitest';
import { capturedLogger, ERROR, WARN } from '../../../tests/helpers/captured-log';
import { createTestDatabase } from '../../../tests/helpers/test-app';
import { AppMetrics } from '../http/metrics';
import { ReservationReconciler } from './reconciler';

// Issue 32, lows: the reconciliation runs every minute; while the database is away every pass fails.
// The operator's log says so once (warn, the reason, no stack), not once a minute with a stack.

describe('the reconciliation while the database is away', () => {
  it('warns once, without a stack, however many passes fail', async () => {
    const database = await createTestDatabase({ onConnectionError: () => {} });
    const { log, lines } = capturedLogger();
    const reconciler = new ReservationReconciler(
      database.db,
      log,
      new AppMetrics({ db: database.db, processMetrics: false }),
      60_000,
    );
    await reconciler.runOnce();
    expect(lines).toEqual([]);
    await database.close();
    for (let pass = 0; pass < 3; pass++) await reconciler.runOnce();
    expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
    const warnings = lines.filter((l) => l.level === WARN);
    expect(warnings.map((l) => l.msg)).toEqual([
      'reconciling open question reservations: the database is unreachable; trying again every minute',
    ]);
    expect(warnings[0]!.reason).toEqual(expect.any(String));
    expect(warnings[0]!.err).toBeUndefined();
  });
});
