// The `http` kind and the `http_request` built-in: GET/POST/PUT/DELETE over http(s) only, no credentials in URLs,
// headers substituted safely, request and response bodies capped, timeout and cancellation.
import type { JsonValue, SkillTool } from '../../../../shared/types.js';
import { isRecord, stringRecord } from '../../../../shared/records.js';
import { SkillError } from '../../../../shared/errors.js';
import { checkHttpUrl } from '../../../../shared/urls.js';
import { PLACEHOLDER, placeholderNames } from '../../../../shared/syntax/placeholders.js';
import { renderHeader, renderUrl } from '../templates.js';
import {
  declaredArgsOf,
  parseStructured,
  schemaFromArgs,
  stringFields,
  type KindResult,
  type RunContext,
  type ToolKindModule,
} from './kind.js';
import { fieldOrEntryPath, finding, label, pathOf, str, type EntryFinding } from './tool-entry.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const HTTP_BODY_CAP = 1024 * 1024;

export interface HttpCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  what: string;
}

/** The request URL, or the error saying why the URL rule refuses it. */
export function requestUrl(url: string, what: string): URL {
  const check = checkHttpUrl(url);
  if (check.ok) return check.url;
  switch (check.problem) {
    case 'invalid':
      throw new SkillError('InvalidArgs', `${what}: "${url}" is not a valid absolute URL.`);
    case 'scheme':
      throw new SkillError(
        'PermissionDenied',
        `${what}: only http and https URLs are allowed, not ${check.scheme}:`,
      );
    case 'credentials':
      throw new SkillError(
        'PermissionDenied',
        `${what}: credentials in URLs are refused; send them in a header.`,
      );
  }
}

export async function httpCall(call: HttpCall): Promise<KindResult> {
  const method = call.method.toUpperCase();
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new SkillError(
      'InvalidArgs',
      `${call.what}: method ${method} is not supported; use ${HTTP_METHODS.join(', ')}.`,
    );
  }
  const url = requestUrl(call.url, call.what);
  if (call.body !== undefined && Buffer.byteLength(call.body) > HTTP_BODY_CAP) {
    throw new SkillError(
      'InvalidArgs',
      `${call.what}: the request body is over the ${HTTP_BODY_CAP / 1024 / 1024} MiB limit.`,
    );
  }
  const controller = new AbortController();
  let reason: SkillError | undefined;
  const timer = setTimeout(() => {
    reason = new SkillError(
      'Timeout',
      `${call.what} got no complete answer within ${call.timeoutMs / 1000} s.`,
    );
    controller.abort();
  }, call.timeoutMs);
  const onAbort = () => {
    reason = new SkillError('Cancelled', `The call to ${call.what} was cancelled.`);
    controller.abort();
  };
  if (call.signal?.aborted) onAbort();
  call.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await fetch(url, {
      method,
      headers: call.headers,
      body: method === 'GET' ? undefined : call.body,
      signal: controller.signal,
      redirect: 'follow',
    });
    const { text, truncated } = await readCapped(response);
    const structured = parseStructured(text);
    const output = truncated ? `${text}\n[response truncated at ${HTTP_BODY_CAP / 1024 / 1024} MiB]` : text;
    const result: KindResult = {
      output: output || `HTTP ${response.status} ${response.statusText}`,
      isError: !response.ok,
      httpStatus: response.status,
      content: [{ type: 'text', text: output }],
    };
    if (structured !== undefined && !truncated) result.structured = structured;
    // The rest of the body is not read, so its size is not known.
    if (truncated) result.truncated = { atBytes: HTTP_BODY_CAP };
    return result;
  } catch (error) {
    if (reason) throw reason;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new SkillError(
      'Http',
      `${call.what}: the request to ${url.origin} failed (${cause?.code ?? cause?.message ?? (error as Error).message}).`,
    );
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onAbort);
  }
}

async function readCapped(response: Response): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > HTTP_BODY_CAP) {
      chunks.push(value.subarray(0, HTTP_BODY_CAP - size));
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
}

/** The request method a tool sends: its `method`, GET by default. */
const methodOf = (tool: SkillTool) => (tool.method ?? 'GET').toUpperCase();

export const httpKind: ToolKindModule = {
  readFields: (raw) => ({
    ...stringFields(raw, 'url'),
    ...(typeof raw.method === 'string' ? { method: raw.method.toUpperCase() } : {}),
    ...(isRecord(raw.headers) ? { headers: stringRecord(raw.headers) } : {}),
  }),
  describe: (tool) => `${methodOf(tool)} ${tool.url ?? ''}`,
  runsLocalCode: () => false,

  targetSchema: (tool) => schemaFromArgs(tool),
  knownSchema: (tool) => schemaFromArgs(tool),
  toolType: (tool, timeoutMs) => ({
    type: 'http',
    url: tool.url ?? '',
    method: methodOf(tool),
    headers: tool.headers ?? {},
    timeoutMs,
  }),
  run(ctx: RunContext) {
    const tool: SkillTool = ctx.tool;
    const template = tool.url ?? '';
    const method = methodOf(tool);
    const headers = Object.fromEntries(
      Object.entries(tool.headers ?? {}).map(([k, v]) => [k, renderHeader(v, ctx.args)]),
    );
    // Args not used in the URL or headers travel in a JSON body (POST/PUT).
    const used = new Set([
      ...placeholderNames(template),
      ...Object.values(tool.headers ?? {}).flatMap(placeholderNames),
    ]);
    const rest: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(ctx.args)) if (!used.has(k)) rest[k] = v;
    let body: string | undefined;
    if (method === 'POST' || method === 'PUT') {
      body = JSON.stringify(rest);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
        headers['Content-Type'] = 'application/json';
    }
    return httpCall({
      url: renderUrl(template, ctx.args),
      method,
      headers,
      body,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      what: ctx.what,
    });
  },

  manifestCodes: ['tool-field-missing', 'tool-url-invalid', 'tool-method-invalid'],
  checkEntry(e) {
    const out: EntryFinding[] = [];
    const url = str(e, 'url');
    if (!url?.trim()) {
      const message = `${label(e)} is an http tool without a \`url\`. Add an http(s) URL (it may hold {{arg}} placeholders).`;
      out.push(finding(fieldOrEntryPath(e, 'url'), 'error', 'tool-field-missing', message));
    } else {
      const problem = urlTemplateProblem(url);
      if (problem)
        out.push(
          finding(pathOf(e, 'url'), 'error', 'tool-url-invalid', `${label(e)}: the url "${url}" ${problem}.`),
        );
    }
    const method = e.fields.get('method')?.[1];
    if (
      method !== undefined &&
      (typeof method !== 'string' || !(HTTP_METHODS as readonly string[]).includes(method.toUpperCase()))
    ) {
      const message = `${label(e)}: method ${JSON.stringify(method)} is not supported. Use ${HTTP_METHODS.join(', ')}.`;
      out.push(finding(pathOf(e, 'method'), 'error', 'tool-method-invalid', message));
    }
    return out;
  },
  declaredArgs: (e) => declaredArgsOf(e),
  templateFields: ['url', 'headers'],
};

/** Why a manifest's url template breaks the URL rule, or undefined; placeholders stand for a value. */
function urlTemplateProblem(url: string): string | undefined {
  const check = checkHttpUrl(url.replace(PLACEHOLDER, '0')); // '0' keeps a placeholder port or host parseable
  if (check.ok) return undefined;
  switch (check.problem) {
    case 'invalid':
      return 'is not a valid absolute URL; write it like https://example.com/path';
    case 'scheme':
      return `uses ${check.scheme}; only http and https are allowed`;
    case 'credentials':
      return 'holds credentials; put them in `headers` (and keep secrets out of the manifest)';
  }
}
