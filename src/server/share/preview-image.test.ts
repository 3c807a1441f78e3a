import { describe, expect, it } from 'vitest';
import { SHARE_PREVIEW_SIZE } from '../../common/share-schemas';
import { renderPreviewImage, type PreviewContent } from './preview-image';

// The link-preview card of a shared report: always a PNG of the size the page's meta tags announce, whatever
// the question holds, and never a "NO GLYPH" box for a character the bundled Inter cannot draw.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const sizeOf = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

const berlin: PreviewContent = {
  question: 'When did the Berlin Wall fall, and how long was it?',
  models: ['ChatGPT', 'Claude', 'Gemini'],
  disagreements: 2,
  settled: 1,
};
const render = (change: Partial<PreviewContent>) => renderPreviewImage({ ...berlin, ...change });

describe('renderPreviewImage', () => {
  it('draws a PNG of SHARE_PREVIEW_SIZE', async () => {
    const png = await renderPreviewImage(berlin);

    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect(sizeOf(png)).toEqual(SHARE_PREVIEW_SIZE);
  });

  it('draws what it is given: another question, model list or count gives another image', async () => {
    const [original, otherQuestion, otherModels, noDisagreement, oneSettledMore] = await Promise.all([
      render({}),
      render({ question: 'Who built the Berlin Wall?' }),
      render({ models: ['ChatGPT', 'Grok'] }),
      render({ disagreements: 0, settled: 0 }),
      render({ settled: 2 }),
    ]);

    for (const other of [otherQuestion, otherModels, noDisagreement, oneSettledMore]) {
      expect(sizeOf(other!)).toEqual(SHARE_PREVIEW_SIZE);
      expect(other!.equals(original!)).toBe(false);
    }
  });

  it('cuts a question far too long for the card, with or without spaces to break it at', async () => {
    const sentence = 'Why do the models disagree about the length of the wall in kilometres? ';
    const longQuestion = sentence.repeat(Math.ceil(5000 / sentence.length)).slice(0, 5000);

    const started = performance.now();
    const [long, unbroken] = await Promise.all([
      render({ question: longQuestion }),
      render({ question: 'w'.repeat(5000) }),
    ]);

    expect(sizeOf(long)).toEqual(SHARE_PREVIEW_SIZE);
    expect(sizeOf(unbroken)).toEqual(SHARE_PREVIEW_SIZE);
    // Only the part that fits is laid out, so a long question costs no more than a short one.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('leaves out emoji, control and formatting characters rather than drawing them as boxes', async () => {
    const [plain, decorated] = await Promise.all([
      render({}),
      render({ question: '🧱 When did the\u0000 Berlin\u202e Wall fall,\r\n\tand how long 👩🏽‍🔬 was it? 🇩🇪\u200d' }),
    ]);

    expect(decorated.equals(plain)).toBe(true);
  });

  it('stands one ellipsis for a run of a script Inter lacks, and a plain line when that is most of the question', async () => {
    const [mixed, withEllipsis, japanese, russian] = await Promise.all([
      render({ question: 'What does 日本語 mean in Japanese?' }),
      render({ question: 'What does … mean in Japanese?' }),
      render({ question: '日本の首都はどこですか？' }),
      render({ question: 'Какая столица Японии?' }),
    ]);

    expect(mixed.equals(withEllipsis)).toBe(true);
    expect(sizeOf(japanese)).toEqual(SHARE_PREVIEW_SIZE);
    expect(japanese.equals(russian)).toBe(true);
    expect(japanese.equals(mixed)).toBe(false);
  });

  it('draws accented letters Inter lacks as their base letter', async () => {
    const [polish, folded] = await Promise.all([
      render({ question: 'How far is Łódź from Győr?' }),
      render({ question: 'How far is Lódz from Gyor?' }),
    ]);

    expect(polish.equals(folded)).toBe(true);
  });
});
