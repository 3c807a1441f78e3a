import { streamEventSchema, type StreamEvent } from '../../src/common/query-schemas';

/** Parses a whole Server-Sent Events body into our stream events, checking each against the schema. */
export function parseSse(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .map((frame) => frame.trim())
    .filter(Boolean)
    .map((frame) => {
      const lines = frame.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      const parsed = streamEventSchema.parse(JSON.parse(data));
      if (parsed.type !== event) throw new Error(`event name ${event} does not match data type ${parsed.type}`);
      return parsed;
    });
}
