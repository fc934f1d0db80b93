// Tool kinds own themselves: no source outside electron/core/tools/kinds/ compares a tool kind's name (or switches
// on it); it asks the kind's module instead. Read from the sources, so a new comparison anywhere fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_KINDS } from '../../../../shared/types.js';
import { REPO } from '../../../helpers.js';

const SOURCES = ['electron', 'shared', join('renderer', 'src')];
const KIND_MODULES = 'electron/core/tools/kinds/';

/** Names compared on purpose where they are not tool kinds: the file, the names, and why. */
const ALLOWED: ReadonlyArray<{ file: string; names: readonly string[]; why: string }> = [
  {
    file: 'electron/core/mcp/connect.ts',
    names: ['http'],
    why: "an MCP server's transport kind (stdio, http, sse)",
  },
  {
    file: 'electron/core/mcp/pool.ts',
    names: ['http'],
    why: "an MCP server's transport kind (stdio, http, sse)",
  },
];

const names = TOOL_KINDS.join('|');
const q = `['"\`]`;
const PATTERNS: readonly RegExp[] = [
  // tool.kind === 'mcp', kind !== 'http'
  new RegExp(`\\bkind\\s*[!=]==?\\s*${q}(${names})${q}`, 'g'),
  // 'shell' === tool.kind
  new RegExp(`${q}(${names})${q}\\s*[!=]==?\\s*[\\w.?]*\\bkind\\b`, 'g'),
  // toolType.type === 'script'
  new RegExp(`\\btype\\s*[!=]==?\\s*${q}(${names})${q}`, 'g'),
  // switch (tool.kind) { case 'builtin': ... }
  new RegExp(`\\bcase\\s+${q}(${names})${q}\\s*:`, 'g'),
  // KINDS.mcp, KINDS['builtin']
  new RegExp(`\\bKINDS\\s*(?:\\.|\\[${q})(${names})\\b`, 'g'),
];

/** Each comparison of a tool kind's name in `text`, as `line: code`, with the name compared. */
function kindComparisons(text: string): Array<{ line: number; name: string; code: string }> {
  const lines = text.split('\n');
  const found: Array<{ line: number; name: string; code: string }> = [];
  lines.forEach((code, i) => {
    for (const pattern of PATTERNS)
      for (const m of code.matchAll(pattern))
        found.push({ line: i + 1, name: m[1] ?? '', code: code.trim() });
  });
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(REPO, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.split(sep).includes('node_modules'))
    .map((f) =>
      relative(REPO, join(REPO, folder, f))
        .split(sep)
        .join('/'),
    );
}

describe('tool kind names', () => {
  it('are compared only inside the kind modules', () => {
    const files = SOURCES.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const outside = files
      .filter((f) => !f.startsWith(KIND_MODULES))
      .flatMap((file) =>
        kindComparisons(readFileSync(join(REPO, file), 'utf8'))
          .filter((c) => !ALLOWED.some((a) => a.file === file && a.names.includes(c.name)))
          .map((c) => `${file}:${c.line}: ${c.code}`),
      );
    expect(outside).toEqual([]);
  });

  it('are found however the comparison is written, and other kinds are not', () => {
    const sample = [
      "if (tool.kind === 'mcp') return;",
      "const local = t.kind !== 'builtin';",
      "if ('shell' === tool.kind) run();",
      "if (def.toolType.type === 'script') show();",
      "  case 'http':",
      'const m = KINDS.builtin;',
      "const n = KINDS['mcp'];",
      "if (root.kind === 'bundled') skip();",
      "if (view.kind === 'settings') open();",
    ].join('\n');
    expect(kindComparisons(sample).map((c) => [c.line, c.name])).toEqual([
      [1, 'mcp'],
      [2, 'builtin'],
      [3, 'shell'],
      [4, 'script'],
      [5, 'http'],
      [6, 'builtin'],
      [7, 'mcp'],
    ]);
  });
});
