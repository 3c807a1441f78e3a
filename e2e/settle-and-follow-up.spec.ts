import { expect, test, type APIRequest, type Page } from '@playwright/test';
import { outboxLink } from './support/outbox';
import { E2E_ADMIN, FAKE_VENDOR_PORT } from './support/paths.mjs';
import { DESKTOP_AND_PHONE } from './support/viewports';

// Issue 13, items 2 and 3: a member asks, settles two disagreements (each model re-checks blind, the
// replies arrive in the disagreement's card, each position is marked, the comparison updates), follows up
// three times (to every model and to one), and finds the whole conversation on the question's page.

const TOWER_A =
  'The Eiffel Tower is 330 metres tall. It was completed in 1889. It weighs about 10,100 tonnes. It has 1,665 steps to the top.';
const TOWER_B =
  'The Eiffel Tower is 300 metres tall. It was completed in 1887. It weighs about 7,300 tonnes. It has 1,665 steps to the top.';
const MODELS: [port: number, version: string][] = [
  [FAKE_VENDOR_PORT, 'gpt-4o'],
  [FAKE_VENDOR_PORT, 'grok-3'],
  [FAKE_VENDOR_PORT + 2, 'gemini-2.5-flash'],
];

async function script(port: number, body: object) {
  const response = await fetch(`http://127.0.0.1:${port}/__fake/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(204);
}

/** The answers, the re-check replies and the follow-up replies, each for its own prompt. */
async function scriptConversation(tag: string) {
  for (const [port, model] of MODELS) {
    await script(port, { model, whenPromptIncludes: tag, text: model === 'grok-3' ? TOWER_B : TOWER_A });
    await script(port, {
      model,
      whenPromptIncludes: 'Re-check and answer',
      text: 'KEEP. The figure matches the official records of the tower.',
    });
    await script(port, {
      model,
      whenPromptIncludes: 'visitors',
      text: `About 6 million people visit it each year (${model}).`,
    });
    await script(port, {
      model,
      whenPromptIncludes: 'architect',
      text: 'Gustave Eiffel’s company built it; Maurice Koechlin and Émile Nouguier drew the first design.',
    });
  }
  // Grok, shown the other side, revises both figures.
  await script(FAKE_VENDOR_PORT, {
    model: 'grok-3',
    whenPromptIncludes: 'You stated: "The Eiffel Tower is 300 metres tall."',
    text: 'REVISE: 330 metres. The 300 metres I gave was its height before the antennas were added.',
  });
  await script(FAKE_VENDOR_PORT, {
    model: 'grok-3',
    whenPromptIncludes: 'You stated: "It was completed in 1887."',
    text: 'REVISE: 1889. Construction began in 1887; it was completed in 1889.',
  });
}

/**
 * A member with questions to spare: registered, verified through the emailed link (free questions past the
 * first few need it, decision 0060), signed in on this page, its allowance raised by the admin.
 */
async function signInMember(page: Page, playwright: APIRequest, baseURL: string) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = { username: `thread_${unique}`, email: `thread_${unique}@example.com`, password: 'thread-secret-1' };
  const registered = await page.request.post('/api/register', {
    data: { ...account, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(registered.status()).toBe(201);
  const token = new URL(await outboxLink(account.email, /Verify/)).searchParams.get('token')!;
  expect((await page.request.get(`/api/verify-email/${encodeURIComponent(token)}`)).status()).toBe(200);
  const signedIn = await page.request.post('/api/login', {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status()).toBe(200);
  const member = (await signedIn.json()) as { id: number };
  const admin = await playwright.newContext({ baseURL });
  expect(
    (await admin.post('/api/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status(),
  ).toBe(200);
  const raised = await admin.put(`/api/admin/users/${member.id}`, { data: { freeQuestionsRemaining: 20 } });
  expect(raised.status(), await raised.text()).toBe(200);
  await admin.dispose();
}

const disagreement = (page: Page, topic: RegExp) =>
  page
    .getByRole('region', { name: 'AI Comparison Analysis' })
    .first()
    .getByRole('region', { name: 'Disagreements' })
    .getByRole('listitem')
    .filter({ has: page.getByText(topic) })
    .first();

async function settle(page: Page, topic: RegExp, settledText: string) {
  const card = disagreement(page, topic);
  await card.getByRole('button', { name: /Settle this/ }).click();
  await expect(card.getByText(settledText, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Kept its answer').first()).toBeVisible();
  await expect(card.getByText(/^Changed to /)).toBeVisible();
}

async function followUp(page: Page, text: string, to: string | null, number: number) {
  const form = page.getByRole('form', { name: 'Ask a follow-up' });
  await form.getByRole('textbox', { name: 'Ask a follow-up' }).fill(text);
  if (to) await form.getByRole('combobox', { name: 'Ask' }).selectOption({ label: `${to} only` });
  await form.getByRole('button', { name: 'Send' }).click();
  const turn = page.getByRole('region', { name: `Follow-up ${number}` });
  await expect(turn.getByText(text)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 20_000 });
  return turn;
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('ask, settle two disagreements, follow up three times, and find it all on the question page', async ({
      page,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const tag = `Eiffel Tower (${viewport.width}, ${Date.now()})`;
      await scriptConversation(tag);
      await signInMember(page, playwright.request, baseURL!);
      await page.goto('/');
      const box = page.getByRole('textbox', { name: 'Your question' });
      await box.fill(`Tell me about the ${tag}`);
      await box.press('Enter');
      await expect(page.getByText('All models responded')).toBeVisible({ timeout: 30_000 });

      await settle(page, /tall/, 'Settled: every model now states 330 metres');
      await settle(page, /^Completed/, 'Settled: every model now states 1889');
      // Settled facts join the Parallax answer, marked as settled.
      const parallax = page.getByRole('region', { name: 'Parallax answer' }).first();
      await expect(parallax.getByText('Settled on re-check')).toHaveCount(2);

      const first = await followUp(page, 'How many visitors does it get a year?', null, 1);
      await expect(first.getByRole('article')).toHaveCount(3);
      const second = await followUp(page, 'Who was its architect?', 'Grok', 2);
      await expect(second.getByRole('heading', { name: 'Follow-up 2 · to Grok' })).toBeVisible();
      await expect(second.getByRole('article')).toHaveCount(1);
      await followUp(page, 'And how many visitors came in its first year?', null, 3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: test.info().outputPath(`home-${viewport.width}.png`), fullPage: true });

      await page.getByRole('link', { name: /View details/ }).click();
      await expect(page).toHaveURL(/\/query\/\d+$/);
      for (const number of [1, 2, 3])
        await expect(page.getByRole('region', { name: `Follow-up ${number}` })).toBeVisible();
      await expect(
        disagreement(page, /tall/).getByText('Settled: every model now states 330 metres', { exact: true }),
      ).toBeVisible();
      await expect(
        disagreement(page, /^Completed/).getByText('Settled: every model now states 1889', { exact: true }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: test.info().outputPath(`query-${viewport.width}.png`), fullPage: true });
    });
  });
}
