import type { ChildProcess } from 'node:child_process';

/**
 * Ends the server processes a suite started: SIGTERM for a graceful stop (docs/operations.md, "Stop"), then
 * SIGKILL after five seconds for one that hangs. Processes that already exited are left alone.
 */
export async function stopChildren(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }),
  );
}
