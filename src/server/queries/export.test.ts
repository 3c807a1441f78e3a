import { describe, expect, it } from 'vitest';
import { comparedInPartText } from '../../common/comparison';
import { comparisonExportSchema, COMPARISON_EXPORT_VERSION } from '../../common/comparison-export';
import { COMPARED_ANSWER_CHARS } from '../../common/limits';
import { modelCatalogue } from '../../common/models';
import type { QueryResult } from '../../common/query-schemas';
import { askOverSocket, visitor } from '../../../tests/faults/asking';
import { parseSse } from '../../../tests/helpers/sse';
import { useAppWithVendorFakes } from '../../../tests/helpers/app-with-vendor-fakes';

// Export (issue 14, item 2): a question's comparison as versioned JSON and as Markdown with the claim
// table, its follow-up turns included, for its owner only, with nothing about the account that asked.

const app = useAppWithVendorFakes({ JUDGE_MODEL: 'local', MODEL_TIMEOUT_SECONDS: '5' });
const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;

async function askedAndFollowedUp() {
  app.fakes.script(version('chatgpt'), {
    text: 'The Berlin Wall fell on 9 November 1989. It was 155 kilometres long.',
  });
  app.fakes.script(version('claude'), { text: 'The Berlin Wall fell on 9 November 1989. It was 140 kilometres long.' });
  const { sessionId } = await visitor(app.t.db);
  const run = await askOverSocket(app.port, {
    sessionId,
    selectedModels: ['chatgpt', 'claude'],
    text: 'Tell me about the Berlin Wall',
  });
  const saved = (run.events.find((e) => e.type === 'query') as { query: QueryResult }).query;
  app.fakes.script('*', { whenPromptIncludes: 'Who built it', text: 'East Germany built it in 1961.' });
  const turn = await app.t.app.inject({
    method: 'POST',
    url: `/api/query/${saved.id}/follow-up`,
    payload: { text: 'Who built it?', sessionId },
  });
  expect(parseSse(turn.body).at(-1)!.type).toBe('query');
  return { sessionId, saved };
}

const exportOf = (id: number, format: string, sessionId: string) =>
  app.t.app.inject({ url: `/api/query/${id}/export?format=${format}&sessionId=${sessionId}` });

describe('export', () => {
  it('gives the versioned JSON with the answers, claims, disagreements, ranking and follow-ups', async () => {
    const { sessionId, saved } = await askedAndFollowedUp();
    const res = await exportOf(saved.id, 'json', sessionId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="parallax-question-${saved.id}.json"`);
    const exported = comparisonExportSchema.parse(res.json());
    expect(exported).toMatchObject({ format: 'parallax.comparison', version: COMPARISON_EXPORT_VERSION });
    expect(exported.question).toBe('Tell me about the Berlin Wall');
    expect(exported.answers.map((a) => a.displayName)).toEqual(['ChatGPT', 'Claude']);
    const chatgptClaims = exported.answers[0]!.claims;
    expect(chatgptClaims).toContainEqual(
      expect.objectContaining({
        value: '155 kilometres',
        status: 'contradicted',
        contradictedBy: [{ model: 'claude', value: '140 kilometres' }],
      }),
    );
    expect(exported.comparison!.disagreements).toHaveLength(1);
    expect(exported.comparison!.confidenceRanking).toHaveLength(2);
    expect(exported.followUps.map((f) => f.question)).toEqual(['Who built it?']);
    // Nothing about who asked.
    expect(res.body).not.toMatch(new RegExp(`${sessionId}|session_|userId|email`, 'i'));
  });

  it('gives Markdown with the claim table, and refuses anyone but the owner', async () => {
    const { sessionId, saved } = await askedAndFollowedUp();
    const res = await exportOf(saved.id, 'md', sessionId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    expect(res.body).toMatch(/^# Tell me about the Berlin Wall\n/);
    expect(res.body).toContain('| Model | Claim | Value | Status | Agreed by | Contradicted by |');
    expect(res.body).toContain(
      '| ChatGPT | It was 155 kilometres long. | 155 kilometres | contradicted |  | Claude: 140 kilometres |',
    );
    expect(res.body).toContain('## Follow-up 1\n\nWho built it?');
    const stranger = await visitor(app.t.db);
    expect((await exportOf(saved.id, 'md', stranger.sessionId)).statusCode).toBe(404);
    expect((await exportOf(saved.id, 'pdf', sessionId)).statusCode).toBe(400);
  });

  it('says which answers were compared only in part, in JSON and in Markdown', async () => {
    // A long answer: more paragraphs than the comparison reads (COMPARED_ANSWER_CHARS).
    const paragraphs: string[] = [];
    for (let k = 0; paragraphs.join('\n\n').length < COMPARED_ANSWER_CHARS * 1.5; k++) {
      paragraphs.push(
        `Stage ${k + 1} of the wall went up in ${1961 + (k % 20)}. It ran ${k + 3} kilometres along the border.`,
      );
    }
    app.fakes.script(version('chatgpt'), { text: paragraphs.join('\n\n') });
    app.fakes.script(version('claude'), { text: 'The Berlin Wall went up in 1961. It was 155 kilometres long.' });
    const { sessionId } = await visitor(app.t.db);
    const run = await askOverSocket(app.port, {
      sessionId,
      selectedModels: ['chatgpt', 'claude'],
      text: 'Tell me about the Berlin Wall',
    });
    const saved = (run.events.find((e) => e.type === 'query') as { query: QueryResult }).query;
    const exported = comparisonExportSchema.parse((await exportOf(saved.id, 'json', sessionId)).json());
    const [chatgpt, claude] = exported.answers;
    expect(chatgpt!.comparedChars).toBeGreaterThan(COMPARED_ANSWER_CHARS / 2);
    expect(chatgpt!.comparedChars).toBeLessThanOrEqual(COMPARED_ANSWER_CHARS);
    expect(claude).not.toHaveProperty('comparedChars');
    const markdown = (await exportOf(saved.id, 'md', sessionId)).body;
    expect(markdown).toContain(`_${comparedInPartText('ChatGPT', chatgpt!.comparedChars!)}_`);
    expect(markdown).not.toContain('Claude: compared on');
  });
});
