import { describe, expect, it } from 'vitest';
import { textMessages, validationMessages } from './messages';
import { isAllowedText, safeText, toStorableJson, toStorableText, withoutBidiControls } from './text-rules';

const issues = (schema: ReturnType<typeof safeText>, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('isAllowedText', () => {
  it('refuses U+0000 and lone surrogates everywhere, keeps well-formed pairs', () => {
    for (const multiline of [false, true]) {
      expect(isAllowedText('a\u0000b', { multiline })).toBe(false);
      expect(isAllowedText('a\uD800b', { multiline })).toBe(false);
      expect(isAllowedText('a\uDC00', { multiline })).toBe(false);
      expect(isAllowedText('\uDBFF', { multiline })).toBe(false);
      expect(isAllowedText('\uDC00\uD800', { multiline })).toBe(false);
      expect(isAllowedText('emoji 😀 and 𝄞', { multiline })).toBe(true);
      expect(isAllowedText('Zoë, Łódź, 東京', { multiline })).toBe(true);
    }
  });

  it('lets one-line fields hold a tab but no other control character; multi-line text keeps them', () => {
    expect(isAllowedText('a\tb')).toBe(true);
    for (const control of ['\n', '\r', '\u0001', '\u001B', '\u007F']) {
      expect(isAllowedText(`a${control}b`)).toBe(false);
      expect(isAllowedText(`a${control}b`, { multiline: true })).toBe(true);
    }
  });
});

describe('bidirectional controls', () => {
  const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it('refuses overrides, embeddings and isolates in every field, and keeps the marks', () => {
    for (const multiline of [false, true]) {
      for (const control of controls) expect(isAllowedText(`abc${control}def`, { multiline })).toBe(false);
      for (const mark of ['\u200E', '\u200F', '\u061C'])
        expect(isAllowedText(`שלום${mark} world`, { multiline })).toBe(true);
      expect(isAllowedText('مرحبا بالعالم', { multiline })).toBe(true);
    }
    expect(issues(safeText({ max: 50, multiline: true }), 'invoice\u202Efdp.exe')).toEqual([textMessages.notAllowed]);
  });

  it('are taken out of stored text by withoutBidiControls, and nothing else is', () => {
    expect(withoutBidiControls(`a${controls.join('')}b \u200F שלום`)).toBe('ab \u200F שלום');
  });
});

describe('safeText', () => {
  it('answers the shared message once for a bad character, whatever else is wrong', () => {
    const schema = safeText({ max: 5, min: 3 }).regex(/^[a-z]+$/, 'letters only');
    expect(issues(schema, 'a\u0000')).toEqual([textMessages.notAllowed]);
    expect(issues(schema, 'abcdefgh\uD800')).toEqual([textMessages.notAllowed]);
  });

  it('always bounds the length, with the field message when given and the shared one otherwise', () => {
    expect(issues(safeText({ max: 3 }), 'abcd')).toEqual(['Text must be at most 3 characters']);
    expect(issues(safeText({ max: 3, messages: { tooLong: 'too long!' } }), 'abcd')).toEqual(['too long!']);
    expect(issues(safeText({ max: 3 }), 'abc')).toEqual([]);
  });

  it('counts the length after trimming when asked to trim, and hands the trimmed text on', () => {
    const schema = safeText({ max: 3, min: 1, trim: true });
    expect(schema.parse('  abc  ')).toBe('abc');
    expect(issues(schema, '   ')).toEqual([validationMessages.required]);
    expect(issues(safeText({ max: 10, min: 4 }), 'abc')).toEqual(['Text must be at least 4 characters']);
  });

  it('refuses what is not a string with the required message', () => {
    expect(issues(safeText({ max: 3, messages: { required: 'Required' } }), 42)).toEqual(['Required']);
    expect(issues(safeText({ max: 3 }), null)).toHaveLength(1);
  });
});

describe('toStorableText and toStorableJson', () => {
  it('drop U+0000 and replace lone surrogates, leaving good text alone', () => {
    expect(toStorableText('Par\u0000is')).toBe('Paris');
    expect(toStorableText('a\uD800b\uDC00')).toBe('a\uFFFDb\uFFFD');
    expect(toStorableText('😀 fine\n\ttext')).toBe('😀 fine\n\ttext');
  });

  it('clean every string and key of a nested value, and keep its other values', () => {
    const value = { summary: 'a\u0000', list: [{ 'k\u0000': 'v\uD800', n: 1, ok: true, none: null }] };
    expect(toStorableJson(value)).toEqual({ summary: 'a', list: [{ k: 'v\uFFFD', n: 1, ok: true, none: null }] });
  });
});
