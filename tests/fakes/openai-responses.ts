import {
  citationsOf,
  contentText,
  frame,
  FrameSequence,
  type Citation,
  type JsonObject,
  type ReplyPlan,
  type RequestInfo,
  type SseFrame,
  type StreamFrames,
  withCitationMarkers,
} from './vendor-wire';

// The OpenAI Responses API (POST {base}/responses), the protocol of @ai-sdk/openai's
// `openai.responses(id)` (its default model), of @ai-sdk/xai's `xai.responses(id)`, and of Perplexity's
// Agent API (which took over from its Sonar chat completions and speaks the Responses API at {base}/v1;
// the app drives it with `openai.responses(id)`), which FakeOpenAIChat serves beside chat completions
// for its openai, xai and perplexity flavours.
//
// A stream is named SSE events with a `sequence_number`: response.created and .in_progress, then
// each output item (output_item.added … output_item.done) in turn — a `reasoning` item with its
// summary, a `web_search_call`, the assistant `message` with its output_text deltas and url_citation
// annotations — and response.completed (or .incomplete) carrying the usage. Where the two vendors
// differ (as recorded streams show them):
//   OpenAI  streams a reasoning summary only when the request sets `reasoning.summary` (a reasoning
//           model still sends an empty reasoning item); announces each citation right after the
//           delta that ends the cited sentence, its indices covering that sentence.
//   xAI     streams its summary unasked; writes an inline citation `[[n]](url)` into the text after
//           each cited sentence and announces all annotations after the last delta, their indices
//           covering the marker; gives every output item a `status`.
//   Perplexity numbers its citations in the text as Sonar did (`[n]` after each cited sentence) and
//           announces each annotation right after its marker, its indices covering the marker.
// In-stream failure is an `error` event followed by `response.failed`, as both send it.

interface ResponsesBody {
  instructions?: string;
  input?: string | { role?: string; content?: unknown }[];
  text?: { format?: { type?: string; schema?: unknown } };
  reasoning?: { effort?: string; summary?: string };
  tools?: { type?: string }[];
}

const WEB_SEARCH_TOOLS = ['web_search', 'web_search_preview'];

/** A citation, and on xAI where its inline marker landed in the text. */
type ResponsesCitation = Citation & { marker?: { start: number; end: number } };

/** The prompt, system text and structured-output request of a Responses API body. */
export function describeResponsesRequest(body: JsonObject, vendor: string): RequestInfo {
  const request = body as ResponsesBody;
  const input = typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : (request.input ?? []);
  const textOf = (roles: string[]) =>
    input
      .filter((item) => roles.includes(item.role ?? ''))
      .map((item) => contentText(item.content))
      .filter(Boolean)
      .join('\n');
  const format = request.text?.format;
  return {
    vendor,
    model: String(body.model ?? ''),
    stream: body.stream === true,
    prompt: textOf(['user']),
    question: contentText(input.filter((item) => item.role === 'user').at(-1)?.content),
    system: [request.instructions, textOf(['system', 'developer'])].filter(Boolean).join('\n') || undefined,
    json: format?.type === 'json_schema' || format?.type === 'json_object',
    schema: format?.schema,
  };
}

/** What one scripted reply looks like on the Responses API, for both its streamed and whole forms. */
class ResponsesReply {
  private readonly body: ResponsesBody;
  private readonly xai: boolean;
  private readonly perplexity: boolean;
  readonly text: string;
  readonly chunks: string[];
  /** The reasoning summary's deltas, when the reply shows one. */
  readonly summary: string[];
  readonly hasReasoningItem: boolean;
  readonly searched: boolean;
  readonly citations: ResponsesCitation[];
  readonly ids: { response: string; reasoning: string; search: string; message: string };

  constructor(readonly plan: ReplyPlan) {
    this.body = (plan.request.body ?? {}) as ResponsesBody;
    this.xai = plan.vendor === 'xai';
    this.perplexity = plan.vendor === 'perplexity';
    const thinks = plan.reasoningChunks.length > 0;
    this.summary = thinks && (this.xai || this.body.reasoning?.summary != null) ? plan.reasoningChunks : [];
    this.hasReasoningItem = this.xai ? this.summary.length > 0 : thinks;
    const sources = plan.script.sources ?? [];
    this.searched = sources.length > 0 && (this.body.tools ?? []).some((t) => WEB_SEARCH_TOOLS.includes(t.type ?? ''));
    const cited = this.searched ? citationsOf(plan.text, sources) : [];
    if ((this.xai || this.perplexity) && cited.length > 0) {
      const marker = (c: Citation) => (this.xai ? `[[${c.index + 1}]](${c.url})` : `[${c.index + 1}]`);
      const marked = withCitationMarkers(plan.text, plan.chunks, cited, marker);
      this.text = marked.text;
      this.chunks = marked.chunks;
      this.citations = cited.map((c, k) => ({ ...c, marker: marked.markers[k] }));
    } else {
      this.text = plan.text;
      this.citations = cited;
      this.chunks = plan.chunks;
    }
    const id = plan.id;
    this.ids = this.xai
      ? { response: id, reasoning: `rs_${id}`, search: `ws_${id}_call_1`, message: `msg_${id}` }
      : { response: `resp_${id}`, reasoning: `rs_${id}`, search: `ws_${id}`, message: `msg_${id}` };
  }

  get incompleteReason(): string | undefined {
    const reason = this.plan.script.finishReason;
    return reason === undefined || reason === 'stop' || reason === 'completed' ? undefined : reason;
  }

  annotation(citation: ResponsesCitation) {
    const { start, end } = citation.marker ?? citation;
    return { type: 'url_citation', start_index: start, end_index: end, url: citation.url, title: citation.title };
  }

  reasoningItem(done: boolean) {
    const summary = done && this.summary.length > 0 ? [{ type: 'summary_text', text: this.summary.join('') }] : [];
    return {
      id: this.ids.reasoning,
      type: 'reasoning',
      summary,
      ...(this.xai && { status: done ? 'completed' : 'in_progress' }),
    };
  }

  searchItem(done: boolean) {
    const query = this.plan.request.prompt;
    const sources = (this.plan.script.sources ?? []).map((s) => ({ type: 'url', url: s.url }));
    return {
      id: this.ids.search,
      type: 'web_search_call',
      status: done ? 'completed' : 'in_progress',
      ...(done
        ? { action: { type: 'search', query, sources } }
        : this.xai && { action: { type: 'search', query: '', sources: [] } }),
    };
  }

  textPart(done: boolean) {
    const annotations = done ? this.citations.map((c) => this.annotation(c)) : [];
    return { type: 'output_text', text: done ? this.text : '', logprobs: [], annotations };
  }

  messageItem(done: boolean) {
    return {
      id: this.ids.message,
      type: 'message',
      status: done ? 'completed' : 'in_progress',
      content: done ? [this.textPart(true)] : [],
      role: 'assistant',
    };
  }

  output() {
    return [
      ...(this.hasReasoningItem ? [this.reasoningItem(true)] : []),
      ...(this.searched ? [this.searchItem(true)] : []),
      this.messageItem(true),
    ];
  }

  usage() {
    const { inputTokens, outputTokens, reasoningTokens } = this.plan;
    const output = outputTokens + reasoningTokens;
    return {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: reasoningTokens },
      total_tokens: inputTokens + output,
      ...(this.xai && {
        num_sources_used: this.searched ? this.citations.length : 0,
        num_server_side_tools_used: this.searched ? 1 : 0,
      }),
    };
  }

  response(status: string, output: unknown[], more: object = {}) {
    const reason = this.incompleteReason;
    return {
      id: this.ids.response,
      object: 'response',
      created_at: this.plan.created,
      status,
      error: null,
      incomplete_details: status === 'incomplete' && reason ? { reason } : null,
      instructions: this.body.instructions ?? null,
      max_output_tokens: null,
      model: this.plan.model,
      output,
      parallel_tool_calls: true,
      previous_response_id: null,
      reasoning: { effort: this.body.reasoning?.effort ?? null, summary: this.body.reasoning?.summary ?? null },
      service_tier: 'default',
      store: true,
      temperature: 1,
      text: { format: this.body.text?.format ?? { type: 'text' } },
      tool_choice: 'auto',
      tools: this.body.tools ?? [],
      top_p: 1,
      truncation: 'disabled',
      usage: null,
      user: null,
      metadata: {},
      ...more,
    };
  }
}

export function responsesStreamFrames(plan: ReplyPlan): StreamFrames {
  const reply = new ResponsesReply(plan);
  const { ids } = reply;
  let sequence = 0;
  const event = (type: string, fields: object = {}): SseFrame =>
    frame({ type, sequence_number: sequence++, ...fields }, type);
  const out = new FrameSequence()
    .push(event('response.created', { response: reply.response('in_progress', []) }))
    .push(event('response.in_progress', { response: reply.response('in_progress', []) }));
  let outputIndex = 0;

  if (reply.hasReasoningItem) {
    const item = { item_id: ids.reasoning, output_index: outputIndex };
    out.push(event('response.output_item.added', { output_index: outputIndex, item: reply.reasoningItem(false) }));
    if (reply.summary.length > 0) {
      const part = (text: string) => ({ ...item, summary_index: 0, part: { type: 'summary_text', text } });
      out.push(event('response.reasoning_summary_part.added', part('')));
      for (const delta of reply.summary)
        out.delta(event('response.reasoning_summary_text.delta', { ...item, summary_index: 0, delta }));
      const text = reply.summary.join('');
      out.push(event('response.reasoning_summary_text.done', { ...item, summary_index: 0, text }));
      out.push(event('response.reasoning_summary_part.done', part(text)));
    }
    out.push(event('response.output_item.done', { output_index: outputIndex++, item: reply.reasoningItem(true) }));
  }

  if (reply.searched) {
    const item = { item_id: ids.search, output_index: outputIndex };
    out.push(event('response.output_item.added', { output_index: outputIndex, item: reply.searchItem(false) }));
    for (const stage of ['in_progress', 'searching', 'completed'])
      out.push(event(`response.web_search_call.${stage}`, item));
    out.push(event('response.output_item.done', { output_index: outputIndex++, item: reply.searchItem(true) }));
  }

  const content = { item_id: ids.message, output_index: outputIndex, content_index: 0 };
  out.push(event('response.output_item.added', { output_index: outputIndex, item: reply.messageItem(false) }));
  out.push(event('response.content_part.added', { ...content, part: reply.textPart(false) }));
  const announce = (citation: ResponsesCitation) =>
    out.push(
      event('response.output_text.annotation.added', {
        ...content,
        annotation_index: citation.index,
        annotation: reply.annotation(citation),
      }),
    );
  const unannounced = [...reply.citations];
  let offset = 0;
  for (const delta of reply.chunks) {
    out.delta(event('response.output_text.delta', { ...content, delta, logprobs: [] }));
    offset += delta.length;
    // OpenAI names a citation as soon as its sentence is out, Perplexity as soon as its marker is;
    // xAI names them all after the text.
    if (plan.vendor !== 'xai')
      for (let next = unannounced[0]; next && (next.marker ?? next).end <= offset; next = unannounced[0])
        announce(unannounced.shift() ?? next);
  }
  unannounced.forEach(announce);
  out.push(event('response.output_text.done', { ...content, text: reply.text, logprobs: [] }));
  out.push(event('response.content_part.done', { ...content, part: reply.textPart(true) }));
  out.push(event('response.output_item.done', { output_index: outputIndex, item: reply.messageItem(true) }));

  const incomplete = reply.incompleteReason !== undefined;
  const status = incomplete ? 'incomplete' : 'completed';
  out.push(event(`response.${status}`, { response: reply.response(status, reply.output(), { usage: reply.usage() }) }));

  const message = 'The server had an error while processing your request. Sorry about that!';
  const error =
    plan.vendor === 'xai'
      ? { code: 'server_error', message, param: null }
      : { error: { type: 'server_error', code: 'server_error', message, param: null } };
  return out.build([
    event('error', error),
    event('response.failed', {
      response: reply.response('failed', [], { error: { code: 'server_error', message } }),
    }),
  ]);
}

/** The whole response object, as a request without `stream: true` gets it. */
export function responsesObject(plan: ReplyPlan): unknown {
  const reply = new ResponsesReply(plan);
  return reply.response(reply.incompleteReason ? 'incomplete' : 'completed', reply.output(), { usage: reply.usage() });
}
