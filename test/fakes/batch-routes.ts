// The fake model server's batch APIs: Anthropic's Message Batches (/v1/messages/batches…) and OpenAI's Files and
// Batch API (/v1/files…, /v1/batches…), closely enough that the real SDKs work against them. Each line is answered
// by the server's script with its usage, as a direct request is; the timing, expiry and cancellation are the test's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Api } from './model-server.js';

/** How the fake's batches behave; the test changes these between runs. */
export interface BatchControl {
  /** How many retrieves a new batch answers `in_progress` before it ends (default 1). */
  pollsInProgress: number;
  /** When set, only this many of a batch's requests run before it ends; the rest expire. */
  expireAfter?: number;
  /**
   * When set, results list each request this many times, plus a custom id the batch never had; OpenAI's error file
   * also lists every answered request as errored (a vendor that repeats itself).
   */
  repeat?: number;
  /** When set, OpenAI's batches end `failed` with this validation error. */
  failValidation?: string;
  /** When true, the vendor knows no batch any more: every retrieve answers 404. */
  lost?: boolean;
  /** When set, every batch API call answers this status (401: the key is refused). */
  refuse?: number;
  /** Every batch created, by id. */
  batches: Map<string, FakeBatch>;
  /** Every batch API call, as `METHOD path`. */
  calls: string[];
}

export interface FakeBatch {
  id: string;
  api: Api;
  lines: Array<{ customId: string; body: Record<string, unknown> }>;
  polls: number;
  state: 'in_progress' | 'canceling' | 'ended';
  cancelled: boolean;
  /** Each request's end, once the batch ended. */
  outcomes: Map<
    string,
    | { type: 'succeeded'; body: unknown }
    | { type: 'errored'; status: number; body: unknown }
    | { type: 'expired' | 'canceled' }
  >;
}

/** What the server answers one request of a batch with, as a direct call's JSON (or its error status and body). */
export type Answer = (
  api: Api,
  body: Record<string, unknown>,
  path: string,
) => { status: number; json: unknown } | undefined;

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export function batchRoutes(control: BatchControl, answer: Answer, baseUrl: () => string) {
  const files = new Map<string, { name: string; text: string }>();
  let n = 0;
  const nextId = (prefix: string) => `${prefix}${String(++n).padStart(4, '0')}`;

  /** A batch's requests run (in order, through the script) once it has been polled enough, or cancelled. */
  function advance(b: FakeBatch): void {
    if (b.state === 'ended') return;
    if (!b.cancelled && b.polls++ < control.pollsInProgress) return;
    b.lines.forEach((line, i) => {
      if (b.cancelled) return b.outcomes.set(line.customId, { type: 'canceled' });
      if (control.expireAfter !== undefined && i >= control.expireAfter)
        return b.outcomes.set(line.customId, { type: 'expired' });
      const a = answer(b.api, line.body, b.api === 'anthropic' ? '/v1/messages/batches' : '/v1/batches');
      if (!a) return b.outcomes.set(line.customId, { type: 'expired' });
      b.outcomes.set(
        line.customId,
        a.status === 200
          ? { type: 'succeeded', body: a.json }
          : { type: 'errored', status: a.status, body: a.json },
      );
    });
    b.state = 'ended';
  }

  /** A batch's outcomes as its results list them: each `control.repeat` times and one stray id, when set. */
  const repeated = (b: FakeBatch) => {
    const all = [...b.outcomes];
    if (control.repeat === undefined || !all[0]) return all;
    return [
      ...all.flatMap((o) => Array<typeof o>(control.repeat ?? 1).fill(o)),
      ['stray-id', all[0][1]] as const,
    ];
  };

  const count = (b: FakeBatch, type: string) =>
    [...b.outcomes.values()].filter((o) => o.type === type).length;

  function anthropicBatch(b: FakeBatch) {
    const ended = b.state === 'ended';
    return {
      id: b.id,
      type: 'message_batch',
      processing_status: b.state,
      request_counts: {
        processing: ended ? 0 : b.lines.length,
        succeeded: count(b, 'succeeded'),
        errored: count(b, 'errored'),
        canceled: count(b, 'canceled'),
        expired: count(b, 'expired'),
      },
      created_at: '2026-01-01T00:00:00Z',
      expires_at: '2026-01-02T00:00:00Z',
      ended_at: ended ? '2026-01-01T01:00:00Z' : null,
      cancel_initiated_at: b.cancelled ? '2026-01-01T00:30:00Z' : null,
      archived_at: null,
      results_url: ended ? `${baseUrl()}/v1/messages/batches/${b.id}/results` : null,
    };
  }

  function openaiBatch(b: FakeBatch) {
    const ended = b.state === 'ended';
    const status = !ended
      ? b.cancelled
        ? 'cancelling'
        : control.failValidation !== undefined
          ? 'failed'
          : 'in_progress'
      : b.cancelled
        ? 'cancelled'
        : count(b, 'expired')
          ? 'expired'
          : 'completed';
    if (ended && !files.has(`${b.id}-out`)) {
      const out: string[] = [];
      const err: string[] = [];
      for (const [customId, o] of repeated(b)) {
        const id = `batch_req_${customId}`;
        if (o.type === 'succeeded' && control.repeat !== undefined)
          err.push(
            JSON.stringify({ id, custom_id: customId, response: null, error: { message: 'repeated' } }),
          );
        if (o.type === 'succeeded')
          out.push(
            JSON.stringify({
              id,
              custom_id: customId,
              response: { status_code: 200, request_id: id, body: o.body },
              error: null,
            }),
          );
        else if (o.type === 'errored')
          err.push(
            JSON.stringify({
              id,
              custom_id: customId,
              response: { status_code: o.status, request_id: id, body: o.body },
              error: null,
            }),
          );
        else if (o.type === 'expired')
          err.push(
            JSON.stringify({
              id,
              custom_id: customId,
              response: null,
              error: {
                code: 'batch_expired',
                message: 'This request could not be executed before the completion window expired.',
              },
            }),
          );
        // Cancelled requests are left out of both files, as OpenAI does.
      }
      files.set(`${b.id}-out`, { name: 'output.jsonl', text: out.join('\n') });
      files.set(`${b.id}-err`, { name: 'errors.jsonl', text: err.join('\n') });
    }
    const failed = count(b, 'errored') + count(b, 'expired');
    return {
      id: b.id,
      object: 'batch',
      endpoint: '/v1/chat/completions',
      errors:
        control.failValidation !== undefined
          ? { object: 'list', data: [{ code: 'invalid_request', message: control.failValidation }] }
          : null,
      input_file_id: 'file-input',
      completion_window: '24h',
      status,
      output_file_id: ended ? `${b.id}-out` : null,
      error_file_id: ended ? `${b.id}-err` : null,
      created_at: 1_700_000_000,
      request_counts: { total: b.lines.length, completed: count(b, 'succeeded'), failed },
    };
  }

  /** Handles a batch route; false when `path` is none of them. */
  return function handle(req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer): boolean {
    const method = req.method ?? 'GET';
    let m: RegExpMatchArray | null;
    const body = (): Record<string, unknown> =>
      JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
    const find = (id: string | undefined) => (id ? control.batches.get(id) : undefined);
    const record = (_api: Api) => control.calls.push(`${method} ${path}`);
    if (control.refuse !== undefined && /^\/v1\/(messages\/batches|batches|files)/.test(path)) {
      control.calls.push(`${method} ${path}`);
      json(res, control.refuse, {
        type: 'error',
        error: { type: 'authentication_error', message: 'refused' },
      });
      return true;
    }

    if (method === 'POST' && path === '/v1/messages/batches') {
      record('anthropic');
      const requests = (body().requests ?? []) as Array<{
        custom_id: string;
        params: Record<string, unknown>;
      }>;
      const b: FakeBatch = {
        id: nextId('msgbatch_'),
        api: 'anthropic',
        lines: requests.map((r) => ({ customId: r.custom_id, body: r.params })),
        polls: 0,
        state: 'in_progress',
        cancelled: false,
        outcomes: new Map(),
      };
      control.batches.set(b.id, b);
      json(res, 200, anthropicBatch(b));
      return true;
    }
    if ((m = path.match(/^\/v1\/messages\/batches\/([^/]+)(\/results|\/cancel)?$/))) {
      record('anthropic');
      const b = control.lost ? undefined : find(m[1]);
      if (!b)
        return (
          json(res, 404, { type: 'error', error: { type: 'not_found_error', message: `no batch ${m[1]}` } }),
          true
        );
      if (m[2] === '/cancel' && method === 'POST') {
        if (b.state !== 'ended') Object.assign(b, { cancelled: true, state: 'canceling' });
        json(res, 200, anthropicBatch(b));
      } else if (m[2] === '/results') {
        const lines = repeated(b).map(([customId, o]) =>
          JSON.stringify({
            custom_id: customId,
            result:
              o.type === 'succeeded'
                ? { type: 'succeeded', message: o.body }
                : o.type === 'errored'
                  ? { type: 'errored', error: o.body }
                  : { type: o.type },
          }),
        );
        res.writeHead(200, { 'content-type': 'application/binary' }).end(lines.join('\n'));
      } else {
        advance(b);
        json(res, 200, anthropicBatch(b));
      }
      return true;
    }
    if (method === 'POST' && path === '/v1/files') {
      record('openai');
      void new Response(new Uint8Array(raw), {
        headers: { 'content-type': String(req.headers['content-type']) },
      })
        .formData()
        .then(async (form) => {
          const file = form.get('file');
          const text = typeof file === 'string' ? file : await (file as Blob).text();
          const id = nextId('file-');
          files.set(id, { name: 'input.jsonl', text });
          json(res, 200, {
            id,
            object: 'file',
            bytes: text.length,
            created_at: 1_700_000_000,
            filename: 'input.jsonl',
            purpose: form.get('purpose'),
            status: 'processed',
          });
        });
      return true;
    }
    if ((m = path.match(/^\/v1\/files\/([^/]+)\/content$/))) {
      record('openai');
      const file = files.get(m[1] ?? '');
      if (!file) return (json(res, 404, { error: { message: 'no such file' } }), true);
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file.text);
      return true;
    }
    if (method === 'POST' && path === '/v1/batches') {
      record('openai');
      const input = files.get(String(body().input_file_id));
      if (!input) return (json(res, 400, { error: { message: 'no such input file' } }), true);
      const lines = input.text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { custom_id: string; body: Record<string, unknown> });
      const b: FakeBatch = {
        id: nextId('batch_'),
        api: 'openai',
        lines: lines.map((l) => ({ customId: l.custom_id, body: l.body })),
        polls: 0,
        state: 'in_progress',
        cancelled: false,
        outcomes: new Map(),
      };
      control.batches.set(b.id, b);
      json(res, 200, openaiBatch(b));
      return true;
    }
    if ((m = path.match(/^\/v1\/batches\/([^/]+)(\/cancel)?$/))) {
      record('openai');
      const b = control.lost ? undefined : find(m[1]);
      if (!b) return (json(res, 404, { error: { message: `no batch ${m[1]}` } }), true);
      if (m[2] === '/cancel') {
        if (b.state !== 'ended') Object.assign(b, { cancelled: true, state: 'canceling' });
      } else advance(b);
      json(res, 200, openaiBatch(b));
      return true;
    }
    return false;
  };
}
