import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The HTTP plumbing every loopback fake shares, whatever protocol it speaks.

/** Starts `server` listening (on a free port unless `port` is given); returns e.g. http://127.0.0.1:40123. */
export async function listen(
  server: Server,
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number },
): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostname = address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${hostname}:${address.port}`;
}

/**
 * Closes `server` at once. SDK clients keep connections alive and a fake may hold a stream open;
 * server.close() alone would wait for them.
 */
export async function closeNow(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Answers with `text` as `contentType`, its length given, `headers` added. */
export function respondRaw(
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
