// Rules for the instructions: present, not too long, relative links that resolve, template variables declared.
// Tested by: test/unit/core/skills/body-scan.test.ts
import { dirname, isAbsolute } from 'node:path';
import type { Diagnostic } from '../../../../shared/types.js';
import { PLACEHOLDER } from '../../../../shared/syntax/placeholders.js';
import { estimateTokens, withThousands } from '../../../../shared/tokens.js';
import { resolveInside } from '../../fs/confine.js';
import { atHeader, atRange, type Rule, type RuleContext } from './rule.js';

const BODY_MAX_LINES = 500;

const bodyEmpty: Rule = {
  id: 'body-empty',
  summary: 'The skill has instructions.',
  check(skill, ctx) {
    if (!ctx.raw.data || skill.instructions.trim() !== '') return [];
    return [
      atHeader(
        ctx,
        'warning',
        'body-empty',
        'The skill has no instructions: add Markdown after the frontmatter telling the model what to do.',
      ),
    ];
  },
};

const bodyTooLong: Rule = {
  id: 'body-too-long',
  summary: 'Instructions over 500 lines should move detail into referenced files.',
  check(skill, ctx) {
    const lines = lineCount(skill.instructions);
    if (lines <= BODY_MAX_LINES) return [];
    const firstBodyLine = ctx.raw.bodyLines.position(ctx.raw.bodyOffset).line;
    const line = firstBodyLine + BODY_MAX_LINES;
    return [
      atRange(
        ctx,
        ctx.raw.bodyFile,
        ctx.raw.bodyLines.lineRange(line),
        'warning',
        'body-too-long',
        `The instructions are ${lines} lines long, over the ${BODY_MAX_LINES} recommended; everything is loaded at once. Move detail into files under references/ and link them.`,
      ),
    ];
  },
};

/** The Agent Skills spec's guidance for a SKILL.md body; the estimate is the usual 4 characters a token. */
const BODY_MAX_TOKENS = 5000;

const bodyTooManyTokens: Rule = {
  id: 'body-too-many-tokens',
  summary: 'Instructions over the spec’s 5,000-token guidance should move detail into referenced files.',
  check(skill, ctx) {
    const tokens = estimateTokens(skill.instructions);
    if (tokens <= BODY_MAX_TOKENS) return [];
    return [
      atRange(
        ctx,
        ctx.raw.bodyFile,
        ctx.raw.bodyLines.lineRange(ctx.raw.bodyLines.position(ctx.raw.bodyOffset).line),
        'warning',
        'body-too-many-tokens',
        `The instructions are about ${withThousands(tokens)} tokens (estimated at 4 characters a token), over the ` +
          `${withThousands(BODY_MAX_TOKENS)} the Agent Skills spec recommends; all of it is loaded when the skill ` +
          'fires. Move detail into files under references/ and link them.',
      ),
    ];
  },
};

/** Lines of a text as `split(/\r\n|\n|\r/)` counts them after one trailing line break is dropped, without the array. */
export function lineCount(text: string): number {
  let end = text.length;
  if (text.charCodeAt(end - 1) === 10) end -= text.charCodeAt(end - 2) === 13 ? 2 : 1;
  else if (text.charCodeAt(end - 1) === 13) end--;
  let lines = 1;
  if (!text.includes('\r')) {
    // The common case, searched natively: a loop over every character runs slowly before the JIT warms up.
    for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) lines++;
    return lines;
  }
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) lines++;
    else if (c === 13) {
      lines++;
      if (text.charCodeAt(i + 1) === 10) i++;
    }
  }
  return lines;
}

interface BodyLink {
  target: string;
  /** Offsets of the target inside the body. */
  start: number;
  end: number;
}

/** Link targets of Markdown links, images and reference definitions, outside code fences and code spans. */
export function markdownLinks(body: string): BodyLink[] {
  const links: BodyLink[] = [];
  if (!body.includes('](') && !body.includes(']:')) return links; // most bodies: nothing to scan
  const code = mergedRanges(codeRanges(body));
  // Binary search in the sorted, disjoint ranges: a long body has hundreds of code spans and links.
  const inCode = (offset: number) => {
    let lo = 0;
    let hi = code.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [a, b] = code[mid]!;
      if (offset < a) hi = mid - 1;
      else if (offset >= b) lo = mid + 1;
      else return true;
    }
    return false;
  };
  const push = (raw: string, start: number) => {
    if (inCode(start)) return;
    const angle = raw.startsWith('<');
    links.push({
      target: angle ? raw.slice(1, -1) : raw,
      start: start + (angle ? 1 : 0),
      end: start + raw.length - (angle ? 1 : 0),
    });
  };
  // Each pattern needs its own pair of characters: a body without `]:` (most) is not scanned for definitions.
  if (body.includes('](')) {
    for (const m of body.matchAll(/!?\[(?:[^\]\\\n]|\\.)*\]\([ \t]*(<[^>\n]*>|[^\s)]+)/g)) {
      const raw = m[1] ?? '';
      push(raw, (m.index ?? 0) + m[0].length - raw.length);
    }
  }
  if (body.includes(']:')) {
    for (const m of body.matchAll(/^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm)) {
      const raw = m[1] ?? '';
      push(raw, (m.index ?? 0) + m[0].length - raw.length);
    }
  }
  return links.sort((a, b) => a.start - b.start);
}

/** The union of `ranges` as sorted, disjoint ranges (fences and the spans found inside them overlap). */
function mergedRanges(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Offsets [start, end) of fenced code blocks and inline code spans. */
function codeRanges(body: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (body.includes('```') || body.includes('~~~')) {
    let fence: { marker: string; start: number } | undefined;
    // Only the lines that open with a fence marker: the whole line in m[0], the marker in m[1].
    for (const m of body.matchAll(/^ {0,3}(`{3,}|~{3,}).*$/gm)) {
      const marker = m[1];
      if (!marker) continue;
      if (!fence) fence = { marker, start: m.index ?? 0 };
      else if (
        marker[0] === fence.marker[0] &&
        marker.length >= fence.marker.length &&
        m[0].trim() === marker
      ) {
        ranges.push([fence.start, (m.index ?? 0) + m[0].length]);
        fence = undefined;
      }
    }
    if (fence) ranges.push([fence.start, body.length]);
  }
  if (body.includes('`')) {
    for (const m of body.matchAll(/(`+)(?!`)[^\n]*?(?<!`)\1(?!`)/g))
      ranges.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  }
  return ranges;
}

/** A link that names a local file: no scheme, no anchor-only, no absolute path. */
function localPath(target: string): string | undefined {
  if (
    target === '' ||
    target.startsWith('#') ||
    /^[a-z][a-z0-9+.-]*:/i.test(target) ||
    target.startsWith('//')
  )
    return undefined;
  let path = target.replace(/[?#].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    /* keep it as written */
  }
  return path === '' || isAbsolute(path) ? undefined : path;
}

const bodyLinks: Rule = {
  id: 'link-missing',
  codes: ['link-outside-skill'],
  summary: 'Relative links in the instructions point to files that exist inside the skill folder.',
  check(skill, ctx) {
    const out: Diagnostic[] = [];
    const base = dirname(ctx.raw.bodyFile);
    // A body links the same few files many times: each distinct path is resolved and looked up once.
    const verdicts = new Map<string, 'outside' | 'missing' | 'ok'>();
    for (const link of markdownLinks(skill.instructions)) {
      const path = localPath(link.target);
      if (path === undefined) continue;
      let verdict = verdicts.get(path);
      if (verdict === undefined) {
        const absolute = resolveInside(ctx.folderPath, base, path);
        verdict = absolute === undefined ? 'outside' : ctx.pathExists(absolute) ? 'ok' : 'missing';
        verdicts.set(path, verdict);
      }
      if (verdict === 'ok') continue;
      const range = () =>
        ctx.raw.bodyLines.range(ctx.raw.bodyOffset + link.start, ctx.raw.bodyOffset + link.end);
      if (verdict === 'outside') {
        out.push(
          atRange(
            ctx,
            ctx.raw.bodyFile,
            range(),
            'warning',
            'link-outside-skill',
            `The link "${link.target}" points outside the skill folder, so it will not ship with the skill. Copy the file into the skill (e.g. references/) and link it there.`,
          ),
        );
      } else {
        out.push(
          atRange(
            ctx,
            ctx.raw.bodyFile,
            range(),
            'warning',
            'link-missing',
            `The link "${link.target}" points to a file that does not exist in the skill folder. Create it or fix the path.`,
          ),
        );
      }
    }
    return out;
  },
};

const variablesDeclared: Rule = {
  id: 'variable-undeclared',
  codes: ['variable-unused'],
  summary:
    'When `variables` is declared, every `{{var}}` in the instructions is declared and every declared one is used.',
  check(skill, ctx) {
    const f = ctx.fields.get('variables');
    if (!f || !Array.isArray(f.value)) return [];
    const declared = new Set(f.value.filter((v): v is string => typeof v === 'string'));
    const used = new Set<string>();
    const out: Diagnostic[] = [];
    for (const m of skill.instructions.matchAll(PLACEHOLDER)) {
      const name = m[1] ?? '';
      used.add(name);
      if (declared.has(name)) continue;
      const start = ctx.raw.bodyOffset + (m.index ?? 0);
      out.push(
        atRange(
          ctx,
          ctx.raw.bodyFile,
          ctx.raw.bodyLines.range(start, start + m[0].length),
          'warning',
          'variable-undeclared',
          `The instructions use {{${name}}}, which \`${f.key}\` does not declare. Add "${name}" to \`${f.key}\` or fix the name.`,
        ),
      );
    }
    f.value.forEach((v, i) => {
      if (typeof v === 'string' && !used.has(v)) {
        out.push(atHeaderPath(ctx, f.key, i, v));
      }
    });
    return out;
  },
};

function atHeaderPath(ctx: RuleContext, key: string, index: number, name: string): Diagnostic {
  const span = ctx.raw.span([key, index], 'value');
  const range = span ? ctx.raw.lines.range(span[0], span[1]) : ctx.raw.headerRange;
  return atRange(
    ctx,
    ctx.raw.file,
    range,
    'info',
    'variable-unused',
    `The variable "${name}" is declared but the instructions never use {{${name}}}. Use it or remove it.`,
  );
}

export const bodyRules: Rule[] = [bodyEmpty, bodyTooLong, bodyTooManyTokens, bodyLinks, variablesDeclared];
