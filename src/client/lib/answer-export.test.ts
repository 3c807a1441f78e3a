import { describe, expect, it } from 'vitest';
import { answerAsMarkdown, answerAsText, answerFileName, markdownToPlainText } from './answer-export';

const exported = {
  question: 'When did the Berlin Wall fall?\nAnd why?',
  displayName: 'ChatGPT',
  modelVersion: 'gpt-5.1',
  askedAt: new Date(2026, 10, 22, 9, 5),
  responseTime: '3.2s',
  answer: 'The wall fell on **9 November 1989**.\n\n## Why\n\n- Pressure from *protests*\n- A botched announcement',
};

describe('answer downloads', () => {
  it('heads the plain text with the question, model and version, date and response time', () => {
    expect(answerAsText(exported)).toBe(
      [
        'Question: When did the Berlin Wall fall?',
        'And why?',
        'Model: ChatGPT (gpt-5.1)',
        'Asked: 22 November 2026, 09:05',
        'Response time: 3.2s',
        '',
        'The wall fell on 9 November 1989.',
        '',
        'Why',
        '',
        '• Pressure from protests',
        '• A botched announcement',
        '',
      ].join('\n'),
    );
  });

  it('names the model alone when its version was not recorded', () => {
    expect(answerAsText({ ...exported, modelVersion: null })).toContain('\nModel: ChatGPT\n');
  });

  it('keeps the markdown as written under a markdown header, the question quoted line by line', () => {
    const markdown = answerAsMarkdown(exported);
    expect(markdown).toBe(
      [
        "# ChatGPT's answer",
        '',
        '> When did the Berlin Wall fall?',
        '> And why?',
        '',
        '- **Model:** ChatGPT (gpt-5.1)',
        '- **Asked:** 22 November 2026, 09:05',
        '- **Response time:** 3.2s',
        '',
        '---',
        '',
        exported.answer,
        '',
      ].join('\n'),
    );
  });

  it('lists the sources the answer cites under it, numbered as its markers are', () => {
    const sources = [
      { url: 'https://en.wikipedia.org/wiki/Berlin_Wall', title: 'Berlin Wall [history]' },
      { url: 'https://www.bundestag.de/', title: null },
      { url: 'javascript:alert(1)', title: 'Not a page' },
    ];
    expect(answerAsText({ ...exported, sources })).toMatch(
      /A botched announcement\n\nSources:\n\n1\. Berlin Wall \[history\] - https:\/\/en\.wikipedia\.org\/wiki\/Berlin_Wall\n2\. https:\/\/www\.bundestag\.de\/\n3\. Not a page - javascript:alert\(1\)\n$/,
    );
    const markdown = answerAsMarkdown({ ...exported, sources });
    expect(markdown.slice(markdown.indexOf('## Sources'))).toBe(
      [
        '## Sources',
        '',
        '1. [Berlin Wall \\[history\\]](<https://en.wikipedia.org/wiki/Berlin_Wall>)',
        '2. [https://www.bundestag.de/](<https://www.bundestag.de/>)',
        // Not a web address: named, never linked.
        '3. Not a page',
        '',
      ].join('\n'),
    );
  });

  it('names files after the model and the date, with the format as extension', () => {
    expect(answerFileName('ChatGPT', new Date(2026, 10, 22))).toBe('ChatGPT-2026-11-22.txt');
    expect(answerFileName('Llama 4', new Date(2025, 0, 5), 'md')).toBe('Llama-4-2025-01-05.md');
  });
});

describe('markdownToPlainText', () => {
  it('drops emphasis, heading, quote and code markers but keeps their words', () => {
    expect(markdownToPlainText('# Title\n\nSome **bold**, _italic_, ~~gone~~ and `code`.\n\n> quoted line')).toBe(
      'Title\n\nSome bold, italic, gone and code.\n\n  quoted line',
    );
  });

  it('numbers ordered lists from their start and indents nested items', () => {
    expect(markdownToPlainText('3. three\n4. four\n   - inner\n   - more\n5. five')).toBe(
      '3. three\n4. four\n   • inner\n   • more\n5. five',
    );
  });

  it('keeps a link address after its text, and a bare address once', () => {
    expect(markdownToPlainText('See [the docs](https://example.com/docs) or https://example.com.')).toBe(
      'See the docs (https://example.com/docs) or https://example.com.',
    );
  });

  it('keeps code blocks verbatim, without fences', () => {
    expect(markdownToPlainText('Run:\n\n```sh\nnpm  test\n  --watch\n```')).toBe('Run:\n\nnpm  test\n  --watch');
  });

  it('writes a table as tab-separated rows, and task items with their state', () => {
    expect(markdownToPlainText('| Year | Event |\n|---|---|\n| 1989 | **Fall** |\n\n- [x] done\n- [ ] open')).toBe(
      'Year\tEvent\n1989\tFall\n\n• [x] done\n• [ ] open',
    );
  });

  it('leaves text without markdown as it is, and keeps hard line breaks', () => {
    expect(markdownToPlainText('Plain words: 2 < 3 & 4 > 1.')).toBe('Plain words: 2 < 3 & 4 > 1.');
    expect(markdownToPlainText('Line one  \nline two')).toBe('Line one\nline two');
  });
});
