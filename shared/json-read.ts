// Owns reading JSON from anywhere outside the process (files, tool output, servers, models): one size cap and one
// depth cap, and a problem with its line and column instead of a throw. A value nested deeper than the cap would
// overflow the stack of every recursive walk that meets it later (JSON.stringify, schema checks, the renderer).
import { SkillError } from './errors.js';
import type { JsonValue } from './types.js';
import { formatBytes } from './units.js';

/** Arrays and objects nest at most this many levels in anything read (`[[1]]` is 2). */
export const JSON_MAX_DEPTH = 256;
/** The size read by default; callers with a smaller budget of their own pass it. */
const JSON_MAX_BYTES = 16 * 1024 * 1024;

interface JsonLimits {
  maxDepth?: number;
  maxBytes?: number;
}

interface JsonProblem {
  message: string;
  /** Offset in the text given, and its 1-based line and column. */
  offset: number;
  line: number;
  column: number;
  kind: 'size' | 'depth' | 'syntax';
}

export type JsonRead = { ok: true; value: JsonValue } | { ok: false; problem: JsonProblem };

/** "line 3, column 7: …", for messages that name the file themselves. */
export function describeJsonProblem(p: JsonProblem): string {
  return `line ${p.line}, column ${p.column}: ${p.message}`;
}

/** Parses `text` (a leading BOM is skipped) within the limits; never throws. */
export function readJson(text: string, limits: JsonLimits = {}): JsonRead {
  const maxBytes = limits.maxBytes ?? JSON_MAX_BYTES;
  const maxDepth = limits.maxDepth ?? JSON_MAX_DEPTH;
  const size = utf8Length(text, maxBytes);
  if (size > maxBytes)
    return fail(text, 0, 'size', `the text is over the ${formatBytes(maxBytes)} limit; it was not read`);
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const deep = depthOverflow(text, start, maxDepth);
  if (deep !== undefined)
    return fail(
      text,
      deep,
      'depth',
      `arrays and objects nest deeper than ${maxDepth} levels here; flatten the data`,
    );
  let value: unknown;
  try {
    value = JSON.parse(start ? text.slice(start) : text);
  } catch (error) {
    const found = firstSyntaxError(text, start);
    const fallback = /position (\d+)/.exec((error as Error).message)?.[1];
    return found
      ? fail(text, found.offset, 'syntax', found.message)
      : fail(text, start + Number(fallback ?? 0), 'syntax', (error as Error).message);
  }
  return { ok: true, value: value as JsonValue };
}

/** Whether arrays and objects in `value` nest more than `limit` levels (walked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number = JSON_MAX_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

function fail(text: string, offset: number, kind: JsonProblem['kind'], message: string): JsonRead {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  return { ok: false, problem: { message, offset, line, column: offset - lineStart + 1, kind } };
}

/** UTF-8 length of `text`, counted only as far as needed to know whether it is over `max`. */
function utf8Length(text: string, max: number): number {
  if (text.length > max) return text.length;
  if (text.length * 3 <= max) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The offset of the bracket that opens level `maxDepth + 1`, skipping strings; a tight loop run before parsing. */
function depthOverflow(text: string, from: number, maxDepth: number): number | undefined {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: up to its closing quote (an unclosed one is the parser's to report).
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 92) i++;
        else if (s === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return undefined;
}

type Expect = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

/** Where strict JSON (RFC 8259) first goes wrong in `text`, and how, walked without recursion. */
function firstSyntaxError(text: string, from: number): { offset: number; message: string } | undefined {
  const open: Array<{ char: '{' | '['; at: number }> = [];
  let expect: Expect = 'value';
  let i = from;
  const after = (): Expect => (open.length ? 'comma-or-close' : 'end');
  const describe = (at: number) =>
    at >= text.length ? 'the end of the text' : `\`${String.fromCodePoint(text.codePointAt(at) ?? 0)}\``;
  for (;;) {
    while (i < text.length && /[ \t\n\r]/.test(text[i] ?? '')) i++;
    if (i >= text.length) {
      if (expect === 'end') return undefined;
      const top = open.at(-1);
      return top
        ? {
            offset: top.at,
            message: `this ${top.char === '{' ? 'object' : 'array'} is never closed; add the closing ${top.char === '{' ? '}' : ']'}`,
          }
        : { offset: i, message: 'there is no JSON value here (the text is empty)' };
    }
    const c = text[i] ?? '';
    const top = open.at(-1);
    if (expect === 'end')
      return { offset: i, message: `unexpected ${describe(i)} after the JSON value; remove it` };
    if (expect === 'colon') {
      if (c !== ':') return { offset: i, message: `expected \`:\` after the key, found ${describe(i)}` };
      i++;
      expect = 'value';
      continue;
    }
    if (expect === 'comma-or-close') {
      const close = top?.char === '{' ? '}' : ']';
      if (c === ',') {
        i++;
        expect = top?.char === '{' ? 'key' : 'value';
      } else if (c === close) {
        open.pop();
        i++;
        expect = after();
      } else return { offset: i, message: `expected \`,\` or \`${close}\`, found ${describe(i)}` };
      continue;
    }
    if ((expect === 'key-or-close' && c === '}') || (expect === 'value-or-close' && c === ']')) {
      open.pop();
      i++;
      expect = after();
      continue;
    }
    if (expect === 'key' || expect === 'key-or-close') {
      if (c === '}' || c === ']')
        return {
          offset: i,
          message: `a trailing comma before \`${c}\` is not allowed in JSON; remove the comma`,
        };
      if (c !== '"') return { offset: i, message: `expected a key in double quotes, found ${describe(i)}` };
      const end = stringEnd(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expect = 'colon';
      continue;
    }
    // A value.
    if (c === ']' || c === '}')
      return {
        offset: i,
        message:
          expect === 'value' && top
            ? `a trailing comma before \`${c}\` is not allowed in JSON; remove the comma`
            : `expected a value, found ${describe(i)}`,
      };
    if (c === '{' || c === '[') {
      open.push({ char: c, at: i });
      i++;
      expect = c === '{' ? 'key-or-close' : 'value-or-close';
      continue;
    }
    if (c === '"') {
      const end = stringEnd(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expect = after();
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number && number[0] !== '-') {
      i += number[0].length;
      expect = after();
      continue;
    }
    const literal = LITERALS.find((l) => text.startsWith(l, i));
    if (literal) {
      i += literal.length;
      expect = after();
      continue;
    }
    return {
      offset: i,
      message: `expected a value (a string in double quotes, a number, true, false, null, an object or an array), found ${describe(i)}`,
    };
  }
}

/** The offset after the string opening at `at`, or the problem in it. */
function stringEnd(text: string, at: number): number | { offset: number; message: string } {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) return i + 1;
    if (c < 0x20)
      return {
        offset: i,
        message: 'a control character (a line break or tab) inside a string must be escaped (\\n, \\t)',
      };
    if (c === 92) {
      const e = text[i + 1] ?? '';
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
          return { offset: i, message: 'a \\u escape needs four hexadecimal digits' };
        i += 5;
      } else if ('"\\/bfnrt'.includes(e) && e !== '') i++;
      else return { offset: i, message: `\\${e} is not a JSON escape; write \\\\ for a backslash` };
    }
  }
  return { offset: at, message: 'this string is never closed; add the closing "' };
}

/**
 * The value of `text`, or a SkillError naming `what` (a file, "the request") and where and why it is not read:
 * `ParseError` for a syntax error, `InvalidFormat` for text over the limits.
 */
export function parseJsonText(text: string, what: string, limits?: JsonLimits): JsonValue {
  const read = readJson(text, limits);
  if (read.ok) return read.value;
  throw new SkillError(
    read.problem.kind === 'syntax' ? 'ParseError' : 'InvalidFormat',
    `${what} is ${notJson(read.problem)}`,
    { line: read.problem.line, column: read.problem.column },
  );
}

/** "not valid JSON, at line 1, column 9: …" (or "not readable JSON" for text over the limits), for messages. */
export function notJson(p: JsonProblem): string {
  return `${p.kind === 'syntax' ? 'not valid JSON' : 'not readable JSON'}, at ${describeJsonProblem(p)}`;
}
