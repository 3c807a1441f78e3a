import { describe, expect, it } from 'vitest';
import { parseSseFrames } from './question-stream';

describe('parseSseFrames', () => {
  it('reads complete frames, keeps the incomplete rest, and accepts CRLF line ends', () => {
    const { events, rest } = parseSseFrames(
      'event: delta\r\ndata: {"type":"delta","model":"grok","text":"Hi"}\r\n\r\n' +
        ': a comment frame\n\n' +
        'event: model-done\ndata: {"type":"model-done","model":"grok","responseTime":12,"error":null}\n\n' +
        'event: delta\ndata: {"type":"delta"',
    );
    expect(events).toEqual([
      { type: 'delta', model: 'grok', text: 'Hi' },
      { type: 'model-done', model: 'grok', responseTime: 12, error: null },
    ]);
    expect(rest).toBe('event: delta\ndata: {"type":"delta"');
  });

  it('skips events it does not know and data that is not JSON', () => {
    const { events } = parseSseFrames(
      'data: {"type":"ping"}\n\ndata: not json\n\ndata: {"type":"error","message":"x"}\n\n',
    );
    expect(events).toEqual([{ type: 'error', message: 'x' }]);
  });
});
