import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { darkPaletteCss, darkPaletteFile, STATUS_HUES, tailwindThemeCss } from '../../../scripts/dark-palette.mjs';

describe('the dark palette', () => {
  it("is the file scripts/dark-palette.mjs writes from the installed Tailwind's palette", () => {
    expect(readFileSync(darkPaletteFile, 'utf8')).toBe(darkPaletteCss(tailwindThemeCss()));
  });

  it('turns each status hue round: a pale shade takes the dark end of the same hue', () => {
    const theme = tailwindThemeCss();
    const dark = darkPaletteCss(theme);
    const light = (name: string) => new RegExp(`--color-${name}:\\s*([^;]+);`).exec(theme)![1];
    for (const hue of STATUS_HUES) {
      expect(dark).toContain(`--color-${hue}-50: ${light(`${hue}-950`)};`);
      expect(dark).toContain(`--color-${hue}-900: ${light(`${hue}-100`)};`);
      expect(dark).not.toContain(`--color-${hue}-500:`);
    }
    expect(dark).not.toContain('--color-slate-');
  });
});
