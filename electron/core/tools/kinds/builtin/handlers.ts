// Owns the built-in handlers (DESIGN.md "Built-in handlers"). File handlers are confined to the skill folder.
import type * as Crypto from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type * as JsonPathPlus from 'jsonpath-plus';
import type { JsonValue } from '../../../../../shared/types.js';
import { SkillError } from '../../../../../shared/errors.js';
import { realPathInside } from '../../../fs/confine.js';
import { SKIPPED_FOLDERS } from '../../../fs/walk.js';
import type { BUILTIN_TOOLS } from './catalog.js';
import { httpCall } from '../http.js';
import type { KindResult, RunContext } from '../kind.js';
import { processOutput } from '../process-output.js';
import { shellInvocation } from '../../templates.js';
import { runProcess, toolEnvironment } from '../../process-runner.js';
import { loadLater } from '../../../load-later.js';
import { readJson } from '../../../../../shared/json-read.js';

const nodeCrypto = loadLater<typeof Crypto>('node:crypto');
const jsonPath = loadLater<typeof JsonPathPlus>('jsonpath-plus');

export const READ_FILE_CAP = 1024 * 1024;
const LIST_CAP = 10_000;

type Handler = (args: Record<string, JsonValue>, ctx: RunContext) => Promise<KindResult> | KindResult;

const text = (output: string, structured?: JsonValue): KindResult => {
  const r: KindResult = { output, isError: false, content: [{ type: 'text', text: output }] };
  if (structured !== undefined) r.structured = structured;
  return r;
};
const str = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : '');

/** A path inside the skill folder, following links only when they stay inside it. */
export function confinedPath(folder: string, path: string, what: string): string {
  return realPathInside(folder, path, what, `"${path}"`, "only the skill's own files can be read");
}

const HANDLERS: Record<keyof typeof BUILTIN_TOOLS, Handler> = {
  echo: (a) => text(str(a.text)),
  now: (a) => {
    const zone = str(a.timeZone) || undefined;
    const date = new Date();
    try {
      const local = zone
        ? date.toLocaleString('sv-SE', { timeZone: zone }).replace(' ', 'T')
        : date.toISOString();
      return text(local, {
        iso: date.toISOString(),
        epochMs: date.getTime(),
        ...(zone ? { timeZone: zone, local } : {}),
      });
    } catch {
      throw new SkillError(
        'InvalidArgs',
        `now: "${zone ?? ''}" is not a known time zone (use an IANA name such as Europe/Paris).`,
      );
    }
  },
  uuid: () => text(nodeCrypto().randomUUID()),
  json_path: (a) => {
    let json = a.json ?? null;
    if (typeof json === 'string') {
      const read = readJson(json);
      if (read.ok) json = read.value; // else a plain string document
    }
    let result: unknown;
    try {
      result = jsonPath().JSONPath({ path: str(a.path), json: json as object, wrap: true, eval: 'safe' });
    } catch (error) {
      throw new SkillError(
        'InvalidArgs',
        `json_path: the path "${str(a.path)}" is not valid: ${(error as Error).message}`,
      );
    }
    const value = (result ?? []) as JsonValue;
    return text(JSON.stringify(value, null, 2), value);
  },
  base64_encode: (a) => text(Buffer.from(str(a.text), 'utf8').toString('base64')),
  base64_decode: (a) => {
    const data = str(a.data).replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(data))
      throw new SkillError('InvalidArgs', 'base64_decode: `data` is not base64.');
    return text(Buffer.from(data, 'base64').toString('utf8'));
  },
  read_file: (a, ctx) => {
    const path = confinedPath(ctx.folder, str(a.path), 'read_file');
    const max = typeof a.maxBytes === 'number' ? Math.min(a.maxBytes, READ_FILE_CAP) : READ_FILE_CAP;
    const size = statSync(path).size;
    if (!statSync(path).isFile())
      throw new SkillError('InvalidArgs', `read_file: "${str(a.path)}" is a folder; use list_files.`);
    const bytes = readFileSync(path).subarray(0, max);
    if (bytes.includes(0))
      throw new SkillError('InvalidFormat', `read_file: "${str(a.path)}" is a binary file.`);
    const body = bytes.toString('utf8');
    return text(size > max ? `${body}\n[truncated: showing ${max} of ${size} bytes]` : body);
  },
  list_files: (a, ctx) => {
    const root = confinedPath(ctx.folder, str(a.path) || '.', 'list_files');
    const folderReal = realpathSync(ctx.folder);
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const d of readdirSync(dir, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : 1))) {
        if (out.length >= LIST_CAP) return;
        const full = join(dir, d.name);
        const rel = relative(folderReal, full).split(sep).join('/');
        if (lstatSync(full).isSymbolicLink()) {
          out.push(`${rel} (link)`);
          continue;
        }
        out.push(d.isDirectory() ? `${rel}/` : rel);
        if (d.isDirectory() && a.recursive === true && !SKIPPED_FOLDERS.has(d.name)) walk(full);
      }
    };
    walk(root);
    return text(out.join('\n') + (out.length >= LIST_CAP ? `\n[stopped at ${LIST_CAP} entries]` : ''), out);
  },
  http_request: (a, ctx) => {
    const headers =
      a.headers && typeof a.headers === 'object' && !Array.isArray(a.headers)
        ? Object.fromEntries(
            Object.entries(a.headers).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
          )
        : {};
    const body = typeof a.body === 'string' ? a.body : undefined;
    return httpCall({
      url: str(a.url),
      method: str(a.method) || 'GET',
      headers,
      body,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      what: ctx.what,
    });
  },
  shell: async (a, ctx) => {
    const { file, args, verbatimArguments } = shellInvocation(str(a.command));
    const timeoutMs =
      typeof a.timeoutSecs === 'number' ? Math.min(a.timeoutSecs * 1000, ctx.timeoutMs) : ctx.timeoutMs;
    return processOutput(
      await runProcess({
        file,
        args,
        verbatimArguments,
        cwd: ctx.folder,
        env: toolEnvironment(),
        timeoutMs,
        signal: ctx.signal,
        what: ctx.what,
      }),
    );
  },
};

export async function runBuiltin(handler: string, ctx: RunContext): Promise<KindResult> {
  const fn = Object.prototype.hasOwnProperty.call(HANDLERS, handler) ? HANDLERS[handler] : undefined;
  if (!fn) throw new SkillError('NotFound', `There is no built-in handler "${handler}".`);
  return fn(ctx.args, ctx);
}
