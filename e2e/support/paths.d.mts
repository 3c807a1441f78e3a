export const e2eDataDir: string;
export const e2eLogFile: string;
