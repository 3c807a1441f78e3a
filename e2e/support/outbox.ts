import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { e2eLogFile } from './paths.mjs';

interface OutboxLine {
  msg?: string;
  to?: string;
  subject?: string;
  links?: string[];
}

/** The links of the newest outbox email to `to` whose subject matches, waiting until it is logged. */
export async function outboxLink(to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readFileSync(e2eLogFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            try {
              return JSON.parse(line) as OutboxLine;
            } catch {
              return {};
            }
          })
          .filter((l) => l.msg?.startsWith('Email to ') && l.to === to && subject.test(l.subject ?? ''));
        link = lines.at(-1)?.links?.[0];
        return link;
      },
      { message: `an outbox email to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}
