import { expect, test, type Page } from '@playwright/test';
import { FAKE_VENDOR_PORT } from './support/paths.mjs';
import { DESKTOP_AND_PHONE } from './support/viewports';

// Issue 14: a visitor shares a question, someone else opens the link in a browser of their own and finds the
// comparison with the tags and image link unfurlers read; once the owner stops sharing, the link is 404.
// The leaderboard counts the question and reads well on a laptop and a phone.

const ANSWERS: [port: number, model: string, text: string][] = [
  [FAKE_VENDOR_PORT, 'gpt-4o', 'The Golden Gate Bridge opened in 1937. Its main span is 1,280 metres long.'],
  [FAKE_VENDOR_PORT, 'grok-3', 'The Golden Gate Bridge opened in 1937. Its main span is 1,410 metres long.'],
  [
    FAKE_VENDOR_PORT + 2,
    'gemini-2.5-flash',
    'The Golden Gate Bridge opened in 1937. Its main span is 1,280 metres long.',
  ],
];

async function ask(page: Page, question: string) {
  for (const [port, model, text] of ANSWERS) {
    const scripted = await fetch(`http://127.0.0.1:${port}/__fake/script`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, whenPromptIncludes: question, text }),
    });
    expect(scripted.status).toBe(204);
  }
  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
  await expect(page.getByText('All models responded')).toBeVisible({ timeout: 30_000 });
  const sessionId = await page.evaluate(() => localStorage.getItem('parallaxSessionId'));
  const history = await (await page.request.get(`/api/history/${sessionId}`)).json();
  return (history as { id: number; text: string }[]).find((q) => q.text === question)!.id;
}

const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];

test('share a question, open it elsewhere with its preview, stop sharing and find it gone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const question = `When did the Golden Gate Bridge open? (shared ${Date.now()})`;
  const id = await ask(page, question);
  await page.goto(`/query/${id}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const linkBox = page.getByRole('textbox', { name: /anyone with this link/i });
  await expect(linkBox).toHaveValue(/\/r\/[A-Za-z0-9_-]{22}$/);
  const link = await linkBox.inputValue();
  expect(link.startsWith(baseURL!)).toBe(true);

  // Someone else, in a browser of their own, on a phone.
  const other = await browser.newContext({ viewport: DESKTOP_AND_PHONE[1] });
  const reader = await other.newPage();
  expect((await reader.goto(link))!.status()).toBe(200);
  await expect(reader.getByRole('heading', { level: 1, name: question })).toBeVisible();
  await expect(reader.getByRole('region', { name: 'AI Comparison Analysis' })).toContainText('1,410 metres');
  await expect(reader.getByRole('region', { name: 'Parallax answer' })).toBeVisible();
  await expect(reader.getByRole('button', { name: /Settle this/ })).toHaveCount(0);
  await expect(reader.getByText('Log in to see your plan')).toHaveCount(0);

  const html = await (await reader.request.get(link)).text();
  expect(metaContent(html, 'og:title')).toBe(question);
  expect(metaContent(html, 'og:description')).toBe('ChatGPT, Grok and Gemini compared on Parallax: 1 disagreement.');
  expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  const image = metaContent(html, 'og:image')!;
  expect(image).toBe(`${link}/preview.png`);
  expect(metaContent(html, 'twitter:image')).toBe(image);
  const png = await reader.request.get(image);
  expect(png.headers()['content-type']).toBe('image/png');
  const bytes = await png.body();
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);

  // Ask this yourself: the question waits in the reader's own box.
  await reader.getByRole('link', { name: 'Ask this yourself' }).click();
  await expect(reader.getByRole('textbox', { name: 'Your question' })).toHaveValue(question);

  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  expect((await reader.goto(link))!.status()).toBe(404);
  await expect(reader.getByRole('heading', { name: 'Comparison not found' })).toBeVisible();
  expect((await reader.request.get(image)).status()).toBe(404);
  await other.close();
});

for (const viewport of DESKTOP_AND_PHONE) {
  test(`the leaderboard counts compared questions and reads well at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await ask(page, `How long is the Golden Gate Bridge's main span? (leaderboard ${viewport.width} ${Date.now()})`);
    await page.goto('/leaderboard?period=7d');
    await expect(page.getByRole('heading', { level: 1, name: 'Model reliability leaderboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    // The e2e server keeps every spec's questions, so whether a model has reached 30 compared questions
    // depends on what ran before: the page must say whichever the API says.
    const board = (await (await page.request.get('/api/leaderboard?period=7d')).json()) as {
      rows: Array<{ rank: number | null }>;
    };
    expect(board.rows.length).toBeGreaterThan(0);
    if (board.rows.some((row) => row.rank === null)) {
      await expect(
        page
          .getByText(/Not ranked: fewer than 30 compared questions/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
    }
    if (board.rows.some((row) => row.rank !== null)) {
      // The table's rank cell reads '1'; the phone's card reads 'Rank 1'.
      await expect(
        page
          .getByText(/^(Rank )?1$/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
    }
    for (const name of ['ChatGPT', 'Grok', 'Gemini'])
      await expect(page.getByText(name, { exact: true }).filter({ visible: true }).first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'All time' }).click();
    await expect(page).toHaveURL(/period=all/);
    const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(csvHref).toBe('/api/leaderboard.csv?period=all');
    const csv = await page.request.get(csvHref!);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(await csv.text()).toMatch(/^rank,model,model_version,questions,/);
  });
}
