import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
  type Server,
} from 'node:http';
import { sampleFromSchema } from './json-sample';
import { closeNow, listen, readBody, respondRaw } from './loopback-http';
import {
  countWords,
  parseJson,
  respondJson,
  sleep,
  splitWords,
  writeFrame,
  type JsonObject,
  type RecordedVendorRequest,
  type ReplyPlan,
  type RequestInfo,
  type SseFrame,
  type StreamFrames,
  type VendorScript,
} from './vendor-wire';

// The shared core of the AI vendor fakes (openai-chat.ts, anthropic.ts, gemini.ts): a loopback HTTP
// server that records every request, answers from a per-model script, and plays the scripted
// failure modes the same way for every wire protocol. A vendor subclass only parses its request
// body and builds its own frames (docs/architecture.md, "House rules", rule 5).

export interface ScriptedServerOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** When set, only these keys are accepted (401/400 in the vendor's shape otherwise); default: any or none. */
  apiKeys?: string[];
}

/** The `model` a list call is recorded and scripted under. */
export const LIST_CALL = '__list_models';

/** What a fake's match() found: the vendor, and what the URL says of the model, streaming and API. */
export interface VendorMatch {
  vendor: string;
  model?: string;
  stream?: boolean;
  /** Which of the fake's APIs the path is for, where it serves more than one (recorded as `api`). */
  api?: string;
}

export abstract class ScriptedVendorServer {
  readonly requests: RecordedVendorRequest[] = [];

  protected abstract readonly versionPath: string;
  private server: Server | undefined;
  private origin_: string | undefined;
  private scripts = new Map<string, VendorScript[]>();
  /** Per vendor, the models its list call names instead of the current ones (setModels). */
  private listed = new Map<string, readonly string[]>();
  private seq = 0;
  private stopping = false;

  constructor(protected readonly options: ScriptedServerOptions = {}) {}

  /** Which request this fake serves; undefined = 404. */
  protected abstract match(method: string, url: URL): VendorMatch | undefined;
  protected abstract describe(body: JsonObject, match: VendorMatch): RequestInfo;
  /** The API key the request carries, if any. */
  protected abstract apiKeyOf(headers: IncomingHttpHeaders, url: URL): string | undefined;
  protected abstract errorBody(
    status: number,
    message: string | undefined,
    vendor: string,
    error?: VendorScript['error'],
  ): unknown;
  protected abstract authFailure(vendor: string): { status: number; body: unknown };
  protected abstract streamFrames(plan: ReplyPlan): StreamFrames;
  /** Which vendor's model list a request asks for, if it is a list call (GET {base}/models). */
  protected abstract listCall(method: string, url: URL): { vendor: string } | undefined;
  /** The list call's answer in the vendor's own shape. */
  protected abstract modelListBody(vendor: string, ids: readonly string[]): unknown;
  /** The models a vendor lists until a test says otherwise: its current ones. */
  protected abstract currentModels(vendor: string): readonly string[];
  protected abstract completion(plan: ReplyPlan): unknown;

  /** e.g. http://127.0.0.1:40123 */
  get origin(): string {
    if (!this.origin_) throw new Error(`${this.constructor.name} is not started`);
    return this.origin_;
  }

  /** The base URL to give the SDK, version path included (e.g. http://127.0.0.1:40123/v1). */
  get url(): string {
    return `${this.origin}${this.versionPath}`;
  }

  get lastRequest(): RecordedVendorRequest | undefined {
    return this.requests.at(-1);
  }

  async start(): Promise<string> {
    if (this.origin_) return this.url;
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) respondJson(res, 500, this.errorBody(500, `fake failed: ${String(error)}`, 'unknown'));
        else res.destroy();
      });
    });
    const origin = await listen(server, this.options);
    this.server = server;
    this.stopping = false;
    this.origin_ = origin;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.origin_ = undefined;
    this.stopping = true;
    await closeNow(server);
  }

  /**
   * Scripts the replies for `model` (the request's model id), or for every model with '*'. A script
   * with `times` applies to that many requests (such scripts queue up); one without stands until
   * replaced by a later one or reset().
   */
  script(model: string, script: VendorScript): this {
    const queue = this.scripts.get(model) ?? [];
    queue.push({ ...script });
    this.scripts.set(model, queue);
    return this;
  }

  /** Forgets recorded requests, scripts and listed models. */
  reset(): void {
    this.requests.length = 0;
    this.scripts.clear();
    this.listed.clear();
  }

  /**
   * The models `vendor`'s list call names from now on. A failing list call is scripted like an
   * answer, for the model LIST_CALL (e.g. `script(LIST_CALL, { error: { status: 500 } })`).
   */
  setModels(vendor: string, ids: readonly string[]): this {
    this.listed.set(vendor, [...ids]);
    return this;
  }

  /** Polls until `check` returns a truthy value (or throws after `timeoutMs`). */
  async waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`${this.constructor.name}: condition not met within ${timeoutMs} ms`);
      await sleep(10);
    }
  }

  protected defaultReply(info: RequestInfo): string {
    if (info.json) return JSON.stringify(sampleFromSchema(info.schema, info.model));
    return `This is ${info.model} answering from the fake ${info.vendor} server: a canned reply, not a real model.`;
  }

  private takeScript(model: string, question = ''): VendorScript {
    // Scripts for the question asked (the model's, then any model's), the newest first; then one-shot
    // scripts (with `times`), in order; otherwise the latest standing one.
    for (const key of [model, '*']) {
      const all = this.scripts.get(key) ?? [];
      const forQuestion = all.filter(
        (s) => s.whenPromptIncludes !== undefined && question.includes(s.whenPromptIncludes),
      );
      if (forQuestion.length > 0) return this.used(all, forQuestion.at(-1)!);
    }
    for (const key of [model, '*']) {
      const all = this.scripts.get(key) ?? [];
      const queue = all.filter((s) => s.whenPromptIncludes === undefined);
      const index = queue.findIndex((s) => s.times !== undefined);
      const script = index >= 0 ? queue[index] : queue.at(-1);
      if (script) return this.used(all, script);
    }
    return {};
  }

  /** A one-shot script leaves its queue once used up. */
  private used(queue: VendorScript[], script: VendorScript): VendorScript {
    if (script.times !== undefined && --script.times <= 0) queue.splice(queue.indexOf(script), 1);
    return script;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const rawBody = await readBody(req);
    if (url.pathname.startsWith('/__fake/')) return this.handleControl(req.method ?? 'GET', url.pathname, rawBody, res);
    const list = this.listCall(req.method ?? 'GET', url);
    if (list) return this.answerListCall(req, res, url, list.vendor);
    const match = this.match(req.method ?? 'GET', url);
    if (!match)
      return respondJson(res, 404, this.errorBody(404, `Unknown endpoint ${req.method} ${url.pathname}`, 'unknown'));
    const body = parseJson(rawBody);
    const info: RequestInfo = body
      ? this.describe(body, match)
      : { vendor: match.vendor, model: match.model ?? '', stream: false, prompt: '', json: false };
    const record: RecordedVendorRequest = {
      seq: ++this.seq,
      vendor: info.vendor,
      ...(match.api !== undefined && { api: match.api }),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      headers: req.headers,
      body,
      model: info.model,
      stream: info.stream,
      prompt: info.prompt,
      system: info.system,
      json: info.json,
      status: 0,
      outcome: 'pending',
      aborted: false,
      receivedAt: new Date(),
      endedAt: undefined,
      deltaSentAt: [],
    };
    this.requests.push(record);
    const closed = new AbortController();
    res.on('close', () => {
      if (record.outcome === 'pending') {
        record.outcome = res.writableFinished ? 'completed' : this.stopping ? 'server-destroyed' : 'client-aborted';
        record.aborted = record.outcome === 'client-aborted';
      }
      record.endedAt = new Date();
      closed.abort();
    });
    const fail = (status: number, errorBody: unknown, headers?: Record<string, string>) => {
      record.status = status;
      respondJson(res, status, errorBody, headers);
    };

    if (!body) return fail(400, this.errorBody(400, 'The request body is not valid JSON.', info.vendor));
    const key = this.apiKeyOf(req.headers, url);
    if (this.options.apiKeys && (!key || !this.options.apiKeys.includes(key))) {
      const { status, body: errorBody } = this.authFailure(info.vendor);
      return fail(status, errorBody);
    }
    const script = this.takeScript(info.model, info.question ?? info.prompt);
    await sleep(script.initialDelayMs ?? 0, closed.signal);
    if (closed.signal.aborted) return;
    if (script.error)
      return fail(
        script.error.status,
        this.errorBody(script.error.status, script.error.message, info.vendor, script.error),
        script.error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(script.error.retryAfterSeconds) },
      );

    const text = script.chunks ? script.chunks.join('') : (script.text ?? this.defaultReply(info));
    const chunks = script.chunks ?? splitWords(text);
    const reasoningChunks = script.reasoning ? splitWords(script.reasoning) : [];
    const inputTokens = script.usage?.inputTokens ?? countWords(`${info.system ?? ''} ${info.prompt}`);
    const plan: ReplyPlan = {
      id: `fake-${record.seq}`,
      created: Math.floor(Date.now() / 1000),
      model: info.model,
      vendor: info.vendor,
      text,
      chunks,
      reasoningChunks,
      inputTokens,
      outputTokens: script.usage?.outputTokens ?? chunks.length,
      reasoningTokens: script.usage?.reasoningTokens ?? reasoningChunks.length,
      script,
      request: record,
    };
    record.status = 200;
    if (info.stream) await this.writeStream(plan, res, closed.signal);
    else this.writeCompletion(plan, res);
  }

  private writeCompletion(plan: ReplyPlan, res: ServerResponse): void {
    const { failure } = plan.script;
    const json = JSON.stringify(this.completion(plan));
    if (failure === 'error-event') {
      plan.request.status = 500;
      return respondJson(res, 500, this.errorBody(500, undefined, plan.vendor));
    }
    if (failure === 'malformed')
      return respondRaw(res, 200, 'application/json', `${json.slice(0, json.length >> 1)}}}garbage`);
    res.writeHead(200, { 'content-type': 'application/json' });
    if (failure === 'hang') return void res.flushHeaders();
    if (failure === 'truncated') {
      res.write(json.slice(0, json.length >> 1));
      plan.request.outcome = 'server-destroyed';
      setTimeout(() => res.destroy(), 20);
      return;
    }
    res.end(json);
  }

  private async writeStream(plan: ReplyPlan, res: ServerResponse, closed: AbortSignal): Promise<void> {
    const frames = this.streamFrames(plan);
    const { failure, chunkDelayMs = 0 } = plan.script;
    const failAt = Math.min(plan.script.failAfterChunks ?? (failure === 'hang' ? 0 : 1), frames.deltas.length);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    frames.head.forEach((frame) => writeFrame(res, frame));
    for (let i = 0; i <= frames.deltas.length; i++) {
      if (failure && i === failAt) {
        if (failure === 'hang') return;
        if (failure === 'truncated') {
          plan.request.outcome = 'server-destroyed';
          // Let the written frames reach the client first, then cut the connection mid-body.
          await sleep(20);
          res.destroy();
          return;
        }
        if (failure === 'error-event') {
          framesOf(frames.errorEvent).forEach((frame) => writeFrame(res, frame));
          res.end();
          return;
        }
        const event = framesOf(frames.deltas[0]).at(-1)?.event;
        writeFrame(res, { event, data: '{"choices":[{"delta":{"content": oops, not json' });
      }
      const delta = frames.deltas[i];
      if (!delta) break;
      await sleep(chunkDelayMs, closed);
      if (closed.aborted) return;
      framesOf(delta).forEach((frame) => writeFrame(res, frame));
      plan.request.deltaSentAt.push(performance.timeOrigin + performance.now());
    }
    frames.tail.forEach((frame) => writeFrame(res, frame));
    res.end();
  }

  private answerListCall(req: IncomingMessage, res: ServerResponse, url: URL, vendor: string): void {
    const record: RecordedVendorRequest = {
      seq: ++this.seq,
      vendor,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      headers: req.headers,
      body: undefined,
      model: LIST_CALL,
      stream: false,
      prompt: '',
      system: undefined,
      json: false,
      status: 200,
      outcome: 'completed',
      aborted: false,
      receivedAt: new Date(),
      endedAt: new Date(),
      deltaSentAt: [],
    };
    this.requests.push(record);
    const key = this.apiKeyOf(req.headers, url);
    if (this.options.apiKeys && (!key || !this.options.apiKeys.includes(key))) {
      const { status, body } = this.authFailure(vendor);
      record.status = status;
      return respondJson(res, status, body);
    }
    const script = this.takeScript(LIST_CALL);
    if (script.error) {
      record.status = script.error.status;
      return respondJson(
        res,
        script.error.status,
        this.errorBody(script.error.status, script.error.message, vendor, script.error),
      );
    }
    respondJson(res, 200, this.modelListBody(vendor, this.listed.get(vendor) ?? this.currentModels(vendor)));
  }

  /**
   * Controls for a fake running in another process (e2e, local dev):
   *   GET /__fake/requests      what was received     DELETE /__fake/requests   reset()
   *   POST /__fake/script       {"model": "gpt-4o" | "*", ...VendorScript}
   *   POST /__fake/models       {"vendor": "openai", "models": ["gpt-5.1", ...]}   what its list call names
   */
  private handleControl(method: string, pathname: string, rawBody: string, res: ServerResponse): void {
    if (pathname === '/__fake/requests' && method === 'GET') return respondJson(res, 200, this.requests);
    if (pathname === '/__fake/requests' && method === 'DELETE') {
      this.reset();
      return void res.writeHead(204).end();
    }
    if (pathname === '/__fake/script' && method === 'POST') {
      const body = parseJson(rawBody) as (VendorScript & { model?: unknown }) | undefined;
      if (!body) return respondJson(res, 400, { message: 'expected a JSON script' });
      const { model, ...script } = body;
      this.script(typeof model === 'string' ? model : '*', script);
      return void res.writeHead(204).end();
    }
    if (pathname === '/__fake/models' && method === 'POST') {
      const body = parseJson(rawBody) as { vendor?: unknown; models?: unknown } | undefined;
      const models = Array.isArray(body?.models) ? body.models.filter((m) => typeof m === 'string') : undefined;
      if (typeof body?.vendor !== 'string' || !models)
        return respondJson(res, 400, { message: 'expected vendor and models' });
      this.setModels(body.vendor, models);
      return void res.writeHead(204).end();
    }
    respondJson(res, 404, { message: 'unknown fake control' });
  }
}

const framesOf = (entry: SseFrame | SseFrame[] | undefined): SseFrame[] =>
  entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];

/** Starts `fake` and gives it back, so a test can set one up in a single line. */
export async function started<T extends ScriptedVendorServer>(fake: T): Promise<T> {
  await fake.start();
  return fake;
}
