import path from 'node:path';

export const e2eDataDir = path.resolve('test-results/e2e-data');
export const e2eLogFile = path.resolve('test-results/e2e-server.log');
