// A fake model server on 127.0.0.1 speaking the Anthropic Messages API (POST /v1/messages) and OpenAI Chat
// Completions (POST /v1/chat/completions), non-streaming and streaming (SSE), closely enough that the real SDKs work
// against it. Answers are scripted by the test: deterministic, recorded for assertions. With `usage: 'measured'` it
// counts tokens as the vendors do, prompt caching included (see `measureAnthropic`, `measureOpenAi`).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { batchRoutes, type BatchControl } from './batch-routes.js';

export type Api = 'anthropic' | 'openai';

/**
 * Token counts the reply reports (default 100 in, 20 out); `null`: the response carries no usage at all; `measured`:
 * counted from the request at 4 characters a token, with the vendor's prompt caching.
 */
export type ReplyUsage = { input: number; output: number } | null | 'measured';

/** What one response reports, in Anthropic's terms (`input` is the uncached remainder). */
interface WireUsage {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

export type Reply =
  /**
   * `stall`: when streamed, the text is sent and then the stream stays open without ending (a stop mid-stream).
   * `gapMs`: when streamed, each event is sent this long after the one before (a slow model).
   */
  | { text: string; usage?: ReplyUsage; stall?: true; gapMs?: number }
  /** `id`: the call's id (default one per response); `more`: further calls in the same response. */
  | { tool: string; input: unknown; text?: string; usage?: ReplyUsage; id?: string; more?: ToolCallReply[] }
  /** This exact JSON body with status 200, for responses of a wrong shape. */
  | { body: unknown }
  | { status: number; message?: string; retryAfter?: string }
  | { malformed: true }
  | { hang: true };

export interface ToolCallReply {
  tool: string;
  input: unknown;
  id?: string;
}

/** A tool reply's calls with their ids: the given ones, else `<prefix><n>` with `-<i>` for each further call. */
function callsOf(
  reply: { tool: string; input: unknown; id?: string; more?: ToolCallReply[] },
  prefix: string,
) {
  return [reply, ...(reply.more ?? [])].map((c, i) => ({
    id: c.id ?? (i === 0 ? prefix : `${prefix}-${i}`),
    name: c.tool,
    input: c.input,
  }));
}

export interface Received {
  api: Api;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export type Script = (request: Received, index: number) => Reply;

export interface FakeModelServer {
  url: string;
  /** The batch APIs' timing, expiry and the batches made (batch-routes.ts). */
  batch: BatchControl;
  /** Base URL for the Anthropic SDK (it appends /v1/messages). */
  anthropicBaseURL: string;
  /** Base URL for the OpenAI SDK (it appends /chat/completions). */
  openaiBaseURL: string;
  received: Received[];
  script: Script;
  close(): Promise<void>;
}

const DEFAULT_USAGE = { input: 100, output: 20 };

function anthropicMessage(
  model: string,
  reply: Extract<Reply, { text: string } | { tool: string }>,
  n: number,
  usage: WireUsage | null,
) {
  const content: unknown[] = [];
  if ('tool' in reply) {
    if (reply.text) content.push({ type: 'text', text: reply.text });
    for (const call of callsOf(reply, `toolu_${String(n).padStart(4, '0')}`))
      content.push({ type: 'tool_use', ...call });
  } else content.push({ type: 'text', text: reply.text });
  return {
    id: `msg_${String(n).padStart(4, '0')}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: 'tool' in reply ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    ...(usage
      ? {
          usage: {
            input_tokens: usage.input,
            output_tokens: usage.output,
            // Anthropic names both whether or not the request asked for caching.
            ...(usage.cacheWrite || usage.cacheRead
              ? { cache_creation_input_tokens: usage.cacheWrite, cache_read_input_tokens: usage.cacheRead }
              : {}),
          },
        }
      : {}),
  };
}

function openaiCompletion(
  model: string,
  reply: Extract<Reply, { text: string } | { tool: string }>,
  n: number,
  usage: WireUsage | null,
) {
  const isTool = 'tool' in reply;
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: 1_700_000_000 + n,
    model,
    choices: [
      {
        index: 0,
        finish_reason: isTool ? 'tool_calls' : 'stop',
        logprobs: null,
        message: {
          role: 'assistant',
          content: isTool ? (reply.text ?? null) : reply.text,
          refusal: null,
          ...(isTool
            ? {
                tool_calls: callsOf(reply, `call_${n}`).map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: JSON.stringify(call.input) },
                })),
              }
            : {}),
        },
      },
    ],
    ...(usage
      ? {
          usage: {
            // OpenAI counts cached tokens inside prompt_tokens.
            prompt_tokens: usage.input + usage.cacheRead,
            completion_tokens: usage.output,
            total_tokens: usage.input + usage.cacheRead + usage.output,
            ...(usage.cacheRead ? { prompt_tokens_details: { cached_tokens: usage.cacheRead } } : {}),
          },
        }
      : {}),
  };
}

const CHARS_PER_TOKEN = 4;
const tokens = (chars: number): number => Math.ceil(chars / CHARS_PER_TOKEN);
/** The shortest prefix either vendor caches (Anthropic's Sonnet and Opus 4; OpenAI's every model). */
export const MIN_CACHED_TOKENS = 1024;
/** OpenAI caches in steps of this many tokens past the first 1,024. */
const OPENAI_CACHE_STEP = 128;
const hash = (text: string): string => createHash('sha256').update(text).digest('hex');

type Block = Record<string, unknown> & { cache_control?: unknown };

/** A block as counted: its content without the marker (the marker is not billed). */
function blockText(block: Block): string {
  const { cache_control: _marker, ...rest } = block;
  return typeof rest.text === 'string' && rest.type === 'text' ? rest.text : JSON.stringify(rest);
}

/** A request's pieces in the order Anthropic caches them (tools, system, messages), each marked or not. */
function anthropicPieces(body: Record<string, unknown>): Array<{ text: string; breakpoint: boolean }> {
  const pieces: Array<{ text: string; breakpoint: boolean }> = [];
  const add = (block: Block, prefix = '') =>
    pieces.push({ text: prefix + blockText(block), breakpoint: block.cache_control !== undefined });
  for (const tool of (body.tools ?? []) as Block[]) add(tool);
  if (typeof body.system === 'string') pieces.push({ text: body.system, breakpoint: false });
  else for (const block of (body.system ?? []) as Block[]) add(block);
  for (const m of (body.messages ?? []) as Array<{ role: string; content: unknown }>) {
    if (typeof m.content === 'string') pieces.push({ text: `${m.role}: ${m.content}`, breakpoint: false });
    else for (const block of m.content as Block[]) add(block, `${m.role}: `);
  }
  return pieces;
}

/**
 * Anthropic's accounting: the prefix up to each `cache_control` breakpoint (of at least MIN_CACHED_TOKENS) is
 * cached; the longest one already cached is read, the rest up to the last breakpoint written, and `input_tokens` is
 * only what follows the last breakpoint.
 */
function measureAnthropic(body: Record<string, unknown>, cache: Set<string>): Omit<WireUsage, 'output'> {
  let text = String(body.model);
  let chars = 0;
  const breakpoints: Array<{ key: string; tokens: number }> = [];
  for (const piece of anthropicPieces(body)) {
    text += `\u0000${piece.text}`;
    chars += piece.text.length;
    if (piece.breakpoint && tokens(chars) >= MIN_CACHED_TOKENS)
      breakpoints.push({ key: hash(text), tokens: tokens(chars) });
  }
  const total = tokens(chars);
  const last = breakpoints.at(-1);
  if (!last) return { input: total, cacheWrite: 0, cacheRead: 0 };
  const read = [...breakpoints].reverse().find((b) => cache.has(b.key))?.tokens ?? 0;
  for (const b of breakpoints) cache.add(b.key);
  return { input: total - last.tokens, cacheWrite: last.tokens - read, cacheRead: read };
}

/**
 * OpenAI's accounting: a prompt of MIN_CACHED_TOKENS or more reads from the cache the longest byte-identical prefix
 * seen before, counted in steps of 128 tokens from 1,024; no markers, no write charge.
 */
function measureOpenAi(body: Record<string, unknown>, cache: Set<string>): Omit<WireUsage, 'output'> {
  const messages = (body.messages ?? []) as unknown[];
  const text = `${String(body.model)}\u0000${JSON.stringify(body.tools ?? [])}${messages.map((m) => JSON.stringify(m)).join('')}`;
  const total = tokens(text.length);
  const steps: number[] = [];
  for (let t = MIN_CACHED_TOKENS; t <= Math.floor(text.length / CHARS_PER_TOKEN); t += OPENAI_CACHE_STEP)
    steps.push(t);
  const read = [...steps].reverse().find((t) => cache.has(hash(text.slice(0, t * CHARS_PER_TOKEN)))) ?? 0;
  for (const t of steps) cache.add(hash(text.slice(0, t * CHARS_PER_TOKEN)));
  return { input: total - read, cacheWrite: 0, cacheRead: read };
}

/** The usage a reply reports: scripted, none, or measured from the request (which fills the server's caches). */
function wireUsage(
  api: Api,
  body: Record<string, unknown>,
  reply: Extract<Reply, { text: string } | { tool: string }>,
  caches: Record<Api, Set<string>>,
): WireUsage | null {
  const usage = reply.usage === undefined ? DEFAULT_USAGE : reply.usage;
  if (usage === null) return null;
  if (usage !== 'measured') return { ...usage, cacheWrite: 0, cacheRead: 0 };
  const answer = ('tool' in reply ? JSON.stringify(reply.input) : '') + (reply.text ?? '');
  const output = Math.max(1, tokens(answer.length));
  return {
    ...(api === 'anthropic' ? measureAnthropic(body, caches.anthropic) : measureOpenAi(body, caches.openai)),
    output,
  };
}

/**
 * `stall`: the events that end the stream are held back and the response stays open (until the server closes).
 * `gapMs`: the events are spaced out in time.
 */
function sse(
  res: ServerResponse,
  events: Array<{ event?: string; data: unknown }>,
  stall = 0,
  gapMs = 0,
): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const sent = events.slice(0, events.length - stall);
  const write = (i: number) => {
    if (res.destroyed) return;
    const e = sent[i];
    if (!e) {
      if (!stall) res.end();
      return;
    }
    res.write(
      `${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`,
    );
    if (gapMs) setTimeout(() => write(i + 1), gapMs);
    else write(i + 1);
  };
  write(0);
}

/** The same message as Anthropic's streaming events. */
function anthropicStream(
  res: ServerResponse,
  message: ReturnType<typeof anthropicMessage>,
  stall = false,
  gapMs = 0,
): void {
  const events: Array<{ event: string; data: unknown }> = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          ...message,
          content: [],
          stop_reason: null,
          usage: { ...message.usage, output_tokens: 0 },
        },
      },
    },
  ];
  message.content.forEach((block, index) => {
    const b = block as { type: string; text?: string; input?: unknown };
    events.push({
      event: 'content_block_start',
      data: {
        type: 'content_block_start',
        index,
        content_block: b.type === 'text' ? { type: 'text', text: '' } : { ...b, input: {} },
      },
    });
    events.push({
      event: 'content_block_delta',
      data: {
        type: 'content_block_delta',
        index,
        delta:
          b.type === 'text'
            ? { type: 'text_delta', text: b.text }
            : { type: 'input_json_delta', partial_json: JSON.stringify(b.input) },
      },
    });
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: message.usage?.output_tokens ?? 0 },
    },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  sse(res, events, stall ? 3 : 0, gapMs);
}

function openaiStream(
  res: ServerResponse,
  completion: ReturnType<typeof openaiCompletion>,
  stall = false,
  gapMs = 0,
): void {
  const choice = completion.choices[0];
  const base = {
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
  };
  const events: Array<{ data: unknown }> = [
    {
      data: {
        ...base,
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      },
    },
  ];
  if (choice?.message.content)
    events.push({
      data: {
        ...base,
        choices: [{ index: 0, delta: { content: choice.message.content }, finish_reason: null }],
      },
    });
  for (const [i, call] of (choice?.message.tool_calls ?? []).entries())
    events.push({
      data: {
        ...base,
        choices: [{ index: 0, delta: { tool_calls: [{ index: i, ...call }] }, finish_reason: null }],
      },
    });
  events.push({
    data: {
      ...base,
      choices: [{ index: 0, delta: {}, finish_reason: choice?.finish_reason }],
      usage: completion.usage,
    },
  });
  events.push({ data: '[DONE]' });
  sse(res, events, stall ? 2 : 0, gapMs);
}

function errorBody(api: Api, status: number, message: string) {
  return api === 'anthropic'
    ? {
        type: 'error',
        error: {
          type: status === 429 ? 'rate_limit_error' : status === 401 ? 'authentication_error' : 'api_error',
          message,
        },
      }
    : {
        error: {
          message,
          type: status === 429 ? 'rate_limit_exceeded' : 'server_error',
          code: null,
          param: null,
        },
      };
}

export async function startFakeModelServer(script: Script): Promise<FakeModelServer> {
  const received: Received[] = [];
  const open = new Set<ServerResponse>();
  // What each vendor has cached: prefix hashes, kept for the server's life (no expiry).
  const caches: Record<Api, Set<string>> = { anthropic: new Set(), openai: new Set() };
  const state: FakeModelServer = {
    url: '',
    batch: { pollsInProgress: 1, batches: new Map(), calls: [] },
    anthropicBaseURL: '',
    openaiBaseURL: '',
    received,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
  // One request of a batch, answered by the script as a direct one is (and recorded with the batch's path).
  const answerLine = (api: Api, body: Record<string, unknown>, path: string) => {
    const request: Received = { api, path, headers: {}, body };
    received.push(request);
    const reply = state.script(request, received.length - 1);
    if ('hang' in reply || 'malformed' in reply) return undefined;
    if ('body' in reply) return { status: 200, json: reply.body };
    if ('status' in reply)
      return {
        status: reply.status,
        json: errorBody(api, reply.status, reply.message ?? `scripted ${reply.status}`),
      };
    const usage = wireUsage(api, body, reply, caches);
    const model = String(body.model);
    return {
      status: 200,
      json:
        api === 'anthropic'
          ? anthropicMessage(model, reply, received.length, usage)
          : openaiCompletion(model, reply, received.length, usage),
    };
  };
  const batches = batchRoutes(state.batch, answerLine, () => state.url);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (batches(req, res, path, Buffer.concat(chunks))) return;
      const api: Api | undefined =
        req.method === 'POST' && path === '/v1/messages'
          ? 'anthropic'
          : req.method === 'POST' && path === '/v1/chat/completions'
            ? 'openai'
            : undefined;
      if (!api) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody(api, 400, 'invalid JSON body')));
        return;
      }
      const request: Received = { api, path, headers: req.headers, body };
      received.push(request);
      const reply = state.script(request, received.length - 1);
      const model = String(body.model);
      if ('hang' in reply) {
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      }
      if ('malformed' in reply) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "msg_broken", "content": [');
        return;
      }
      if ('body' in reply) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
        return;
      }
      if ('status' in reply) {
        res
          .writeHead(reply.status, {
            'content-type': 'application/json',
            ...(reply.retryAfter !== undefined ? { 'retry-after': reply.retryAfter } : {}),
          })
          .end(JSON.stringify(errorBody(api, reply.status, reply.message ?? `scripted ${reply.status}`)));
        return;
      }
      const stream = body.stream === true;
      const stall = 'stall' in reply && reply.stall === true;
      const gapMs = 'gapMs' in reply ? (reply.gapMs ?? 0) : 0;
      if (stream && stall) {
        open.add(res);
        res.on('close', () => open.delete(res));
      }
      const usage = wireUsage(api, body, reply, caches);
      if (api === 'anthropic') {
        const message = anthropicMessage(model, reply, received.length, usage);
        if (stream) anthropicStream(res, message, stall, gapMs);
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(message));
      } else {
        const completion = openaiCompletion(model, reply, received.length, usage);
        if (stream) openaiStream(res, completion, stall, gapMs);
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.anthropicBaseURL = state.url;
  state.openaiBaseURL = `${state.url}/v1`;
  return state;
}

/** The last user turn's text in either API's request body. */
export function lastUserText(request: Received): string {
  const messages = (request.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return (last.content as Array<{ type: string; text?: string }>)
    .filter((b) => b.type === 'text')
    .map((b) => b.text ?? '')
    .join('');
}

/** The system text in either API's request body (Anthropic's as a string or as text blocks). */
export function systemText(request: Received): string {
  if (request.api === 'anthropic') {
    const system = request.body.system;
    if (typeof system === 'string') return system;
    return Array.isArray(system)
      ? (system as Array<{ text?: unknown }>).map((b) => (typeof b.text === 'string' ? b.text : '')).join('')
      : '';
  }
  const messages = (request.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const sys = messages.find((m) => m.role === 'system');
  return typeof sys?.content === 'string' ? sys.content : '';
}

/** The content of the tool result the request ends with, in either API's shape; undefined when it ends otherwise. */
export function lastToolResult(request: Received): string | undefined {
  const messages = (request.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const last = messages.at(-1);
  if (!last) return undefined;
  if (request.api === 'openai') return last.role === 'tool' ? String(last.content) : undefined;
  if (last.role !== 'user' || !Array.isArray(last.content)) return undefined;
  const result = (last.content as Array<{ type: string; content?: unknown }>).find(
    (b) => b.type === 'tool_result',
  );
  return result ? String(result.content) : undefined;
}
