import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Env } from '../../src/server/config';
import { startFakeAiVendors, type FakeAiVendors } from '../fakes/ai-vendors';
import { listen } from '../faults/asking';
import { createTestApp, type TestApp } from './test-app';

export interface AppWithVendorFakes {
  fakes: FakeAiVendors;
  t: TestApp;
  /** The app's port on 127.0.0.1, for questions asked over a real socket. */
  port: number;
}

/**
 * A test file's app pointed at the loopback AI vendor fakes and listening on a real port: started before
 * the file's tests, the fakes' scripts and records reset after each, both stopped after the file. The
 * fields are there from the first test on.
 */
export function useAppWithVendorFakes(
  env: Partial<Env> = {},
  { clientDir }: { clientDir?: string } = {},
): AppWithVendorFakes {
  const setup = {} as AppWithVendorFakes;
  beforeAll(async () => {
    setup.fakes = await startFakeAiVendors();
    setup.t = await createTestApp({ ...setup.fakes.env, ...env }, {}, { clientDir });
    setup.port = await listen(setup.t);
  });
  afterEach(() => setup.fakes.reset());
  afterAll(async () => {
    await setup.t?.close();
    await setup.fakes?.stop();
  });
  return setup;
}
