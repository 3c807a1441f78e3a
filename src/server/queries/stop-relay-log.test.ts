import { describe, expect, inject, it } from 'vitest';
import { FaultyTcpProxy } from '../../../tests/fakes/tcp-proxy';
import { eventually } from '../../../tests/faults/asking';
import { capturedLogger, ERROR, WARN } from '../../../tests/helpers/captured-log';
import { PostgresStopRelay } from './live-streams';

// Issue 32, lows: the stop relay's listening connection (PostgreSQL LISTEN) reconnects by itself
// while the database is away, failing at every attempt. The operator's log says so once, without a
// stack, and once more when it listens again.

const postgresUrl = inject('postgresUrl');

// Only a database on the network can go away and come back (tests/fakes/tcp-proxy.ts).
describe.runIf(postgresUrl)('the stop relay while the database is away', () => {
  it('warns once, however many reconnections fail, and says when it listens again', async () => {
    const target = new URL(postgresUrl);
    const proxy = new FaultyTcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    const viaProxy = new URL(postgresUrl);
    Object.assign(viaProxy, { hostname: '127.0.0.1', port: String(port) });
    const { log, lines } = capturedLogger();
    const relay = new PostgresStopRelay(viaProxy.toString(), log);
    try {
      await relay.listen(() => {});
      expect(lines).toEqual([]);
      proxy.down();
      // Reconnections after 0.5, 1 and 2 s: each cut on arrival.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      proxy.flow();
      await eventually('the relay to listen again', 10_000, async () =>
        lines.some((l) => l.msg === 'stop relay: listening again'),
      );
      expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
      expect(lines.map((l) => [l.level, l.msg])).toEqual([
        [WARN, 'stop relay: listening connection lost; reconnecting until the database answers'],
        [30, 'stop relay: listening again'],
      ]);
      expect(lines[0]!.err).toBeUndefined();
    } finally {
      await relay.close();
      await proxy.stop();
    }
  });
});
