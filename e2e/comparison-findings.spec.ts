import { expect, test, type Page } from '@playwright/test';
import { FAKE_VENDOR_PORT } from './support/paths.mjs';
import { DESKTOP_AND_PHONE } from './support/viewports';

// Issue 33 ("Done when"): the comparison as a visitor sees it, on answers written the way chatbots write,
// served by the loopback vendor fakes. A conflict is found and each side shown with its own value; a
// re-check whose models end on one value written differently reads Settled; answers that state the same
// facts in other words, order and formats show no disagreement; and the summary says what was checked.

/** The OpenAI-style fake serves ChatGPT and Grok, told apart by the model id; Gemini has its own fake. */
const MODEL_PORTS = {
  'gpt-4o': FAKE_VENDOR_PORT,
  'grok-3': FAKE_VENDOR_PORT,
  'gemini-2.5-flash': FAKE_VENDOR_PORT + 2,
} as const;
type FakeModel = keyof typeof MODEL_PORTS;

const BERLIN_WALL: Record<FakeModel, string> = {
  'gpt-4o':
    'The Berlin Wall fell on 9 November 1989, when East German authorities unexpectedly opened the border crossings. Crowds gathered at the checkpoints that night and began chipping away at the concrete. Germany was formally reunified less than a year later, on 3 October 1990.',
  'grok-3':
    'The Berlin Wall came down on November 9, 1989. After a confused press conference announced that travel restrictions were lifted, thousands of East Berliners streamed into the West. German reunification followed on October 3, 1990.',
  'gemini-2.5-flash':
    'The Berlin Wall fell on 9 November 1991, after weeks of mass protests across East Germany. People from both sides climbed onto the wall and celebrated through the night. Reunification was completed on 3 October 1990.',
};

const EIFFEL_TOWER: Record<FakeModel, string> = {
  'gpt-4o':
    "The Eiffel Tower stands 330 m tall, including the antennas at its top. It was completed in 1889 for the World's Fair in Paris and was the tallest man-made structure in the world until 1930.",
  'grok-3':
    "Including its antennas, the Eiffel Tower is 330 metres high. Gustave Eiffel's company finished it in 1889, in time for the Exposition Universelle. Without the antennas, the iron structure itself is a little shorter.",
  'gemini-2.5-flash':
    "The Eiffel Tower is 300 metres tall. It opened in 1889 as the entrance arch to the World's Fair, and it remains one of the most visited monuments in the world.",
};
/** Shown the other side, blind: two keep 330 in their own words, Gemini moves to it in feet. */
const EIFFEL_RECHECK: Record<FakeModel, string> = {
  'gpt-4o':
    'KEEP. 330 metres is the official height including the antennas, as the tower’s operator publishes it. The lower figure leaves the antennas out.',
  'grok-3': 'KEEP. With its antennas the tower measures 330 meters; I stand by that figure.',
  'gemini-2.5-flash':
    'REVISE: 1,083 ft. The 300 metres I gave was the height of the original iron structure, before the antennas were added.',
};

const MOUNT_EVEREST: Record<FakeModel, string> = {
  'gpt-4o':
    'Mount Everest is 8,849 metres tall, according to the 2020 survey by China and Nepal. Edmund Hillary and Tenzing Norgay first reached its summit on 29 May 1953. It lies on the border between Nepal and China, in the Mahalangur range of the Himalayas.',
  'grok-3':
    'On May 29, 1953, Tenzing Norgay and Edmund Hillary became the first climbers to reach the top of Mount Everest. The mountain sits on the Nepal–China border in the Himalayas. A joint survey in 2020 measured its height at 8,849 m.',
  'gemini-2.5-flash':
    'Everest rises to 8849 meters, a figure agreed by Nepal and China in 2020. Its first ascent was made by Sir Edmund Hillary and Tenzing Norgay on 29 May 1953. The peak stands on the border of Nepal and China.',
};

/** The summary's stable start and end (src/server/comparison/report-text.ts): it says what was compared. */
const CHECKED_SUMMARY = /^Compared .+\. Other statements were not checked\.$/;

async function script(model: FakeModel, body: { whenPromptIncludes: string; text: string }) {
  const response = await fetch(`http://127.0.0.1:${MODEL_PORTS[model]}/__fake/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, ...body }),
  });
  expect(response.status).toBe(204);
}

/** Each model's answer to this question only (the question carries a tag no other test uses). */
async function scriptAnswers(question: string, answers: Record<FakeModel, string>) {
  for (const [model, text] of Object.entries(answers))
    await script(model as FakeModel, { whenPromptIncludes: question, text });
}

/** A unique question: the fakes keep their scripts for the whole run. */
const tagged = (question: string, width: number) => `${question} (${width} px, ${Date.now().toString(36)})`;

async function ask(page: Page, question: string) {
  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
  await expect(page.getByText('All models responded')).toBeVisible({ timeout: 30_000 });
}

const analysis = (page: Page) => page.getByRole('region', { name: 'AI Comparison Analysis' }).first();
const disagreements = (page: Page) => analysis(page).getByRole('region', { name: 'Disagreements' });
/** The disagreement card whose text includes `text`. */
const cardWith = (page: Page, text: string) =>
  disagreements(page).getByRole('listitem').filter({ hasText: text }).first();

async function expectNoSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a conflict on a year is found, each side with its own value, and the summary says what was checked', async ({
      page,
    }) => {
      const question = tagged('When did the Berlin Wall fall?', viewport.width);
      await scriptAnswers(question, BERLIN_WALL);
      await ask(page, question);

      // One disagreement: the date the wall fell. The reunification date all three agree on is not in it.
      await expect(disagreements(page).getByRole('listitem')).toHaveCount(1);
      const card = cardWith(page, '9 November 1991');
      await expect(card.getByRole('term')).toHaveText([/^ChatGPT:/, /^Grok:/, /^Gemini:/]);
      await expect(card.getByRole('definition')).toHaveText([
        'The Berlin Wall fell on 9 November 1989, when East German authorities unexpectedly opened the border crossings.',
        'The Berlin Wall came down on November 9, 1989.',
        'The Berlin Wall fell on 9 November 1991, after weeks of mass protests across East Germany.',
      ]);
      await expect(card.locator('dd strong')).toHaveText(['9 November 1989', 'November 9, 1989', '9 November 1991']);
      await expect(card).not.toContainText('1990');
      await expect(card.getByRole('button', { name: /Settle this/ })).toBeVisible();

      await expect(analysis(page).getByText(CHECKED_SUMMARY)).toBeVisible();
      await expectNoSideways(page, viewport.width);
      await page.screenshot({ path: test.info().outputPath(`conflict-${viewport.width}.png`), fullPage: true });
    });

    test('a re-check where the models end on 330 m, 330 metres and 1,083 ft reads Settled', async ({ page }) => {
      test.setTimeout(90_000);
      const question = tagged('How tall is the Eiffel Tower?', viewport.width);
      await scriptAnswers(question, EIFFEL_TOWER);
      // The re-check prompt opens with the question, so these match only this test's round.
      for (const [model, text] of Object.entries(EIFFEL_RECHECK))
        await script(model as FakeModel, { whenPromptIncludes: `A user asked: "${question}"`, text });
      await ask(page, question);

      const card = cardWith(page, 'The Eiffel Tower is 300 metres tall.');
      await expect(card.locator('dd strong')).toHaveText(['330 m', '330 metres', '300 metres']);
      await card.getByRole('button', { name: /Settle this/ }).click();
      await expect(card.getByText('Settled: every model now states 330 m', { exact: true })).toBeVisible({
        timeout: 30_000,
      });
      await expect(card.getByText('Kept its answer')).toHaveCount(2);
      await expect(card.getByText('Changed to 330 m', { exact: true })).toBeVisible();
      await expect(card.getByText(/Still disputed/)).toHaveCount(0);
      // The settled height joins the Parallax answer, marked as settled.
      await expect(
        page.getByRole('region', { name: 'Parallax answer' }).first().getByText('Settled on re-check'),
      ).toHaveCount(1);
      await expectNoSideways(page, viewport.width);
      await page.screenshot({ path: test.info().outputPath(`settled-${viewport.width}.png`), fullPage: true });

      // Stored so: the question's page shows the same verdict.
      await page.getByRole('link', { name: /View details/ }).click();
      await expect(page).toHaveURL(/\/query\/\d+$/);
      await expect(
        cardWith(page, 'The Eiffel Tower is 300 metres tall.').getByText('Settled: every model now states 330 m', {
          exact: true,
        }),
      ).toBeVisible();
      await expectNoSideways(page, viewport.width);
    });

    test('answers with the same facts in other words, order and formats show no disagreement', async ({ page }) => {
      const question = tagged('Tell me about Mount Everest.', viewport.width);
      await scriptAnswers(question, MOUNT_EVEREST);
      await ask(page, question);

      await expect(disagreements(page).getByText('No factual disagreements were found.')).toBeVisible();
      await expect(disagreements(page).getByRole('listitem')).toHaveCount(0);
      await expect(analysis(page).getByRole('button', { name: /Settle this/ })).toHaveCount(0);
      await expect(analysis(page).getByText(CHECKED_SUMMARY)).toBeVisible();
      await expectNoSideways(page, viewport.width);
      await page.screenshot({ path: test.info().outputPath(`style-only-${viewport.width}.png`), fullPage: true });
    });
  });
}
