import net from 'node:net';
import type { AddressInfo } from 'node:net';

// A loopback TCP proxy between the app and a real server (PostgreSQL in the fault tests), able to
// do to the connection what a network or a frozen server does: hold every byte (stalled), or drop
// every connection and refuse new ones (down). The app talks through it with its real driver.

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  held: Array<{ to: net.Socket; chunk: Buffer }>;
}

export class FaultyTcpProxy {
  private server = net.createServer((client) => this.accept(client));
  private pairs = new Set<Pair>();
  private mode: 'flowing' | 'stalled' | 'down' = 'flowing';

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  /** Bytes stop moving both ways on every connection, open or new, until `flow()`; nothing is closed. */
  stall(): void {
    this.mode = 'stalled';
  }

  /** Every open connection is cut and new ones are cut on arrival, until `flow()`. */
  down(): void {
    this.mode = 'down';
    for (const pair of this.pairs) this.cut(pair);
  }

  /** Back to normal: held bytes are delivered in order. */
  flow(): void {
    this.mode = 'flowing';
    for (const pair of this.pairs) {
      for (const { to, chunk } of pair.held.splice(0)) if (!to.destroyed) to.write(chunk);
    }
  }

  async stop(): Promise<void> {
    for (const pair of this.pairs) this.cut(pair);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    if (this.mode === 'down') return void client.destroy();
    const upstream = net.connect(this.targetPort, this.targetHost);
    const pair: Pair = { client, upstream, held: [] };
    this.pairs.add(pair);
    const forward = (to: net.Socket) => (chunk: Buffer) => {
      if (this.mode === 'stalled' || pair.held.length > 0) pair.held.push({ to, chunk });
      else to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const close = () => this.cut(pair);
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
    }
  }

  private cut(pair: Pair): void {
    this.pairs.delete(pair);
    pair.held.length = 0;
    pair.client.destroy();
    pair.upstream.destroy();
  }
}
