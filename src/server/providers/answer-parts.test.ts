import type { TextStreamPart, ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ComparisonAnalysis } from '../../common/comparison';
import { noteCitedSources } from '../comparison/cited-positions';
import { AnswerParts } from './answer-parts';

// The stream parts as the AI SDK hands them over (the fakes' tests, tests/fakes/reasoning-and-sources.test.ts,
// show each vendor's order), read into an answer's words, reasoning, sources and citation marks. The
// server tests (queries/sources-and-reasoning.test.ts) drive the same code through the real SDKs; these
// cover the orders and edge cases a fake does not send.

type Part = TextStreamPart<ToolSet>;
const start = (id = 't'): Part => ({ type: 'text-start', id });
const end = (id = 't'): Part => ({ type: 'text-end', id });
const text = (value: string, id = 't'): Part => ({ type: 'text-delta', id, text: value });
const source = (url: string, title?: string): Part => ({ type: 'source', sourceType: 'url', id: url, url, title });

function read(parts: Part[]) {
  const answer = new AnswerParts(0);
  parts.forEach((part, index) => answer.add(part, index + 1));
  answer.finish();
  return answer;
}

/** The answer with each mark drawn in: {host} at a point, {words -> host} over the vendor's own marker. */
function marked(answer: AnswerParts): string {
  let out = answer.text;
  for (const m of [...answer.citationMarks].reverse()) {
    const host = new URL(answer.sources[m.source]!.url).host;
    const over = m.end > m.start ? `${out.slice(m.start, m.end)} -> ` : '';
    out = `${out.slice(0, m.start)}{${over}${host}}${out.slice(m.end)}`;
  }
  return out;
}

describe('reasoning in the answer text', () => {
  it('takes a <think> block split anywhere across chunks as reasoning', () => {
    const answer = read([
      start(),
      text('  <th'),
      text('ink>Height first'),
      text('.</th'),
      text('ink>\n\nIt is 330 m.'),
      end(),
    ]);
    expect(answer.reasoning).toBe('Height first.');
    expect(answer.text).toBe('It is 330 m.');
    // Thinking from the first thought (the third part) to the first answer word (the fifth).
    expect(answer.thinkingMs(99)).toBe(2);
    expect(answer.firstTokenMs).toBe(5);
  });

  it('keeps a <think> that never closes as reasoning, and text that only looks like the tag as answer', () => {
    expect(read([start(), text('<think>still thinking about the hei'), text('ght</thi'), end()]).reasoning).toBe(
      'still thinking about the height</thi',
    );
    const plain = read([start(), text('<thi'), text('s is an answer'), end()]);
    expect(plain.text).toBe('<this is an answer');
    expect(plain.reasoning).toBe('');
  });
});

describe('where citations go', () => {
  it('marks a block a source cites from its start at the block end, with the passage it covers', () => {
    const answer = read([
      start('a'),
      source('https://a.example/'),
      text('The tower is 330 m tall. ', 'a'),
      text('It opened in 1889.', 'a'),
      end('a'),
      start('b'),
      text(' Its lift still runs.', 'b'),
      end('b'),
    ]);
    expect(marked(answer)).toBe('The tower is 330 m tall. It opened in 1889.{a.example} Its lift still runs.');
    expect(answer.citationMarks[0]!.passageStart).toBe(0);
  });

  it('keeps block citations when the answer also links a source itself, and never reads list[1] as a marker', () => {
    const answer = read([
      start('a'),
      source('https://a.example/'),
      text('Paris has 2.1 million people.', 'a'),
      end('a'),
      start('b'),
      source('https://b.example/'),
      text(' Read list[1] from [the city](https://c.example/).', 'b'),
      end('b'),
    ]);
    expect(marked(answer)).toBe(
      'Paris has 2.1 million people.{a.example} Read list[1] from [the city](https://c.example/).{b.example}',
    );
  });

  it("takes the answer's own links to its sources as their marks (xAI), not where the sources arrived", () => {
    const body = 'It is 330 m.[[1]](https://a.example/x) It opened in 1889.[[2]](https://b.example/)';
    const answer = read([start(), text(body), source('https://a.example/x#top'), source('https://b.example/'), end()]);
    expect(answer.sources.map((s) => s.url)).toEqual(['https://a.example/x#top', 'https://b.example/']);
    expect(marked(answer)).toBe(
      'It is 330 m.{[[1]](https://a.example/x) -> a.example} It opened in 1889.{[[2]](https://b.example/) -> b.example}',
    );
  });

  it("numbers Perplexity's [n] as its n-th source, outside code only", () => {
    const answer = read([
      source('https://a.example/'),
      source('https://b.example/'),
      start(),
      text('It is 330 m.[1][2] In code: `x[1]`.'),
      end(),
    ]);
    expect(marked(answer)).toBe('It is 330 m.{[1] -> a.example}{[2] -> b.example} In code: `x[1]`.');
  });

  it('drops search results the answer never cites once it cites some, and renumbers the marks', () => {
    const answer = read([
      source('https://read-1.example/'),
      source('https://cited.example/'),
      source('https://read-2.example/'),
      start(),
      source('https://cited.example/'),
      text('It is 330 m.'),
      end(),
    ]);
    expect(answer.sources.map((s) => s.url)).toEqual(['https://cited.example/']);
    expect(marked(answer)).toBe('It is 330 m.{cited.example}');
  });

  it("places Gemini's marks by byte ranges, finding chunks by address when its list repeats one", () => {
    const body = 'Höhe: 330 m – laut Betreiber. Eröffnet 1889.';
    const bytes = (s: string) => Buffer.byteLength(s);
    const firstEnd = bytes('Höhe: 330 m – laut Betreiber.');
    const answer = read([
      start(),
      text(body),
      source('https://a.example/'),
      source('https://c.example/'),
      {
        type: 'finish-step',
        response: { id: 'r', timestamp: new Date(0), modelId: 'gemini' },
        usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        finishReason: 'stop',
        providerMetadata: {
          google: {
            groundingMetadata: {
              groundingChunks: [
                { web: { uri: 'https://a.example/' } },
                { web: { uri: 'https://b.example/' } },
                { web: { uri: 'https://a.example/' } },
                { web: { uri: 'https://c.example/' } },
              ],
              groundingSupports: [
                { segment: { endIndex: firstEnd }, groundingChunkIndices: [2] },
                { segment: { startIndex: firstEnd + 1, endIndex: bytes(body) }, groundingChunkIndices: [3, 1] },
              ],
            },
          },
        },
      } as unknown as Part,
      end(),
    ]);
    expect(marked(answer)).toBe('Höhe: 330 m – laut Betreiber.{a.example} Eröffnet 1889.{c.example}');
    expect(answer.citationMarks[1]!.passageStart).toBe(body.indexOf('Eröffnet'));
  });
});

describe('the comparison on cited claims', () => {
  it('counts a claim inside a cited block of several sentences as cited', () => {
    const claude = read([
      start('a'),
      source('https://a.example/', 'Key figures'),
      text('The tower is 330 metres tall. It opened in 1889.', 'a'),
      end('a'),
    ]);
    const comparison: ComparisonAnalysis = {
      summary: '',
      agreements: [],
      disagreements: [
        {
          topic: 'Height',
          positions: [
            { model: 'claude', claim: 'The tower is 330 metres tall.', value: '330 metres' },
            { model: 'deepseek', claim: 'The tower is 300 metres tall.', value: '300 metres' },
          ],
        },
      ],
      confidenceRanking: [],
      judge: { kind: 'local' },
    };
    const noted = noteCitedSources(comparison, [
      { model: 'claude', text: claude.text, sources: claude.sources, citationMarks: claude.citationMarks },
      { model: 'deepseek', text: 'The tower is 300 metres tall.' },
    ]);
    expect(noted.disagreements[0]!.positions.map((p) => p.citedSources)).toEqual([
      [{ url: 'https://a.example/', title: 'Key figures' }],
      [],
    ]);
  });
});
