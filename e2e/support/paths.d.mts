export const e2eDataDir: string;
export const e2eLogFile: string;
export const FAKE_VENDOR_PORT: number;
export const E2E_FREE_QUESTIONS: number;
export const FAKE_STRIPE_PORT: number;
export const E2E_WEBHOOK_SECRET: string;
export const E2E_ADMIN: { email: string; username: string; password: string };
