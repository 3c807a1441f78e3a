import { describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../common/models';
import type { QueryResult, SavedQuery } from '../../common/query-schemas';
import { askOverSocket, visitor } from '../../../tests/faults/asking';
import { useAppWithVendorFakes } from '../../../tests/helpers/app-with-vendor-fakes';

// The Parallax answer worded by the judge (issue 13, item 1): it sees only the shared facts, numbered,
// without answers or names; each sentence it writes is checked against the facts it cites, and one that
// cites none, states a figure no cited fact carries, denies what they state or says something else, is
// left out and counted. It streams after the
// comparison; when the judge fails the assembled answer stands.

const app = useAppWithVendorFakes({ JUDGE_MODEL: 'claude', MODEL_TIMEOUT_SECONDS: '5' });

const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;
const FACTS = 'Facts:';

async function askAboutTheWall() {
  app.fakes.script(version('chatgpt'), {
    text: 'The Berlin Wall fell on 9 November 1989. The wall was 155 kilometres long.',
  });
  app.fakes.script(version('grok'), {
    text: 'The Berlin Wall came down on 9 November 1989. The wall was 140 kilometres long.',
  });
  app.fakes.script(version('gemini'), { text: 'On 9 November 1989 the Berlin Wall fell.' });
  // The comparison's own judge call fails, so the local analysis compares; the consensus call is scripted apart.
  app.fakes.anthropic.script(version('claude'), { error: { status: 500, message: 'judge unavailable' } });
  const { sessionId } = await visitor(app.t.db);
  const run = await askOverSocket(app.port, {
    sessionId,
    selectedModels: ['chatgpt', 'grok', 'gemini'],
    text: 'Tell me about the Berlin Wall',
  });
  const saved = (run.events.find((e) => e.type === 'query') as { query: QueryResult }).query;
  return { sessionId, events: run.events, saved };
}

const consensusRequests = () => app.fakes.anthropic.requests.filter((r) => r.prompt.includes(FACTS));

describe('the judge-worded Parallax answer', () => {
  it('keeps only sentences traced to the facts they cite, streams after the comparison, and is saved', async () => {
    app.fakes.anthropic.script(version('claude'), {
      whenPromptIncludes: FACTS,
      text: JSON.stringify({
        sentences: [
          { text: 'The Berlin Wall fell on 9 November 1989.', facts: ['F1'] },
          { text: 'It fell on 9 November 1989, after standing for 28 years.', facts: ['F1'] },
          { text: 'The wall was 155 kilometres long.', facts: ['F9'] },
          { text: 'The Berlin Wall did not fall on 9 November 1989.', facts: ['F1'] },
          { text: 'Berlin is a lovely city with many parks.', facts: ['F1'] },
        ],
      }),
    });
    const { sessionId, events, saved } = await askAboutTheWall();
    expect(events.map((e) => e.type).slice(-3)).toEqual(['comparison', 'consensus', 'query']);
    const consensus = saved.comparisonSummary!.consensus!;
    expect(consensus).toMatchObject({
      writtenBy: 'judge',
      judge: { model: 'claude', displayName: 'Claude' },
      dropped: 4,
    });
    expect(consensus.sentences.map((s) => s.text)).toEqual(['The Berlin Wall fell on 9 November 1989.']);
    expect(consensus.sentences[0]!.models.sort()).toEqual(['chatgpt', 'gemini', 'grok']);
    expect(consensus.sentences[0]!.quotes.map((q) => q.text)).toContain('On 9 November 1989 the Berlin Wall fell.');
    // The dispute is the code's, with both sides.
    expect(consensus.disputes).toEqual([
      expect.objectContaining({
        sides: [
          { value: '155 kilometres', models: ['chatgpt'] },
          { value: '140 kilometres', models: ['grok'] },
        ],
      }),
    ]);

    // Blind: the judge saw numbered facts, not the answers, the disputed values or any model's name.
    const [request] = consensusRequests();
    expect(request!.prompt).toContain('F1. ');
    expect(request!.prompt).not.toMatch(/155|140|chatgpt|grok|gemini|gpt|xai|google/i);

    const page = (
      await app.t.app.inject({ url: `/api/query/${saved.id}?sessionId=${sessionId}` })
    ).json() as SavedQuery;
    expect(page.comparisonSummary!.consensus).toEqual(consensus);
  });

  it('keeps the assembled answer when the judge fails or traces nothing', async () => {
    app.fakes.anthropic.script(version('claude'), {
      whenPromptIncludes: FACTS,
      text: JSON.stringify({ sentences: [{ text: 'It was built in 1961 and fell in 1989.', facts: ['F1'] }] }),
    });
    const untraced = await askAboutTheWall();
    expect(untraced.events.some((e) => e.type === 'consensus')).toBe(false);
    expect(untraced.saved.comparisonSummary!.consensus!.writtenBy).toBe('assembled');

    app.fakes.anthropic.script(version('claude'), { whenPromptIncludes: FACTS, error: { status: 500 } });
    const failed = await askAboutTheWall();
    expect(failed.saved.comparisonSummary!.consensus).toMatchObject({
      writtenBy: 'assembled',
      sentences: [expect.objectContaining({ text: 'The Berlin Wall fell on 9 November 1989.' })],
    });
  });
});
