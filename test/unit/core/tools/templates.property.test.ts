// Property tests for shell templates (issue 18): for generated values (blanks, globs, quotes, newlines, control
// characters, leading dashes, Unicode) and a catalogue of templates covering every quoting context, the words a
// program receives equal the intended words exactly. POSIX: 1,000 values per context through each of sh, bash
// and dash (real shells, in batches of 100 per process). cmd.exe: 1,000 values per context through the two pure
// oracles (delayed expansion, then the C runtime's argv rules) on every OS, and real runs on Windows.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runProcess, toolEnvironment } from '../../../../electron/core/tools/process-runner.js';
import { planShellCommand, renderShellCommand } from '../../../../electron/core/tools/templates.js';
import { FIXTURES } from '../../../helpers.js';
import { delayedExpansion, windowsArgv } from './windows-command-line.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Pieces that mean something to some shell, joined at random. */
const SPECIAL = fc.constantFrom(
  ...[' ', '  ', '\t', '\n', '\r\n', '*', '?', '[a]', '{a,b}', '~', '$', '$(id)', '`id`', '${x}', '$((1))'],
  ...['"', "'", '\\', '\\n', '\\"', '-', '-n', '--', '#', ';', '&', '|', '<', '>', '(', ')', '!', '%', '%s'],
  ...[
    '%PATH%',
    '!PATH!',
    '^',
    '^!',
    '=',
    'é',
    '日本',
    '🙂',
    '\u00a0',
    '\u0001',
    '\u007f',
    'EOF',
    '}}',
    '{{x}}',
  ],
);

/** NUL-free values: special pieces, any code points, graphemes, and leading dashes or globs. */
const VALUE = fc
  .oneof(
    fc.array(SPECIAL, { maxLength: 6 }).map((p) => p.join('')),
    fc.string({ unit: 'binary', maxLength: 16 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.tuple(fc.constantFrom('-', '--', '-n ', '*', '~'), fc.string()).map(([a, b]) => a + b),
  )
  .filter((v) => !v.includes('\0') && !LONE_SURROGATE.test(v));

const BATCH = 100;
const BATCHES = 10; // 1,000 values per context and shell

interface Case {
  context: string;
  template: string;
  words: (v: string) => string[];
}

/** `argv` is a shell function printing its argument count and arguments, NUL-terminated. */
const POSIX_CATALOGUE: Case[] = [
  { context: 'an unquoted word', template: 'argv {{x}}', words: (v) => [v] },
  {
    context: 'part of unquoted words',
    template: 'argv --opt={{x}} pre{{x}}post',
    words: (v) => [`--opt=${v}`, `pre${v}post`],
  },
  { context: 'double quotes', template: 'argv "a {{x}} b"', words: (v) => [`a ${v} b`] },
  { context: 'single quotes', template: "argv 'a {{x}} b'", words: (v) => [`a ${v} b`] },
  {
    context: 'double quotes inside "$(…)" (issue 18)',
    template: `argv "$(printf '%s.' "{{x}}")"`,
    words: (v) => [`${v}.`],
  },
  { context: 'a word inside "$(…)"', template: `argv "$(printf '%s.' {{x}})"`, words: (v) => [`${v}.`] },
  {
    context: 'nested $(…)',
    template: `argv "$(printf '%s' "$(printf '%s.' "{{x}}")")"`,
    words: (v) => [`${v}.`],
  },
  {
    context: 'double quotes inside backticks inside double quotes',
    template: 'argv "`printf \'%s.\' \\"{{x}}\\"`"',
    words: (v) => [`${v}.`],
  },
  { context: 'a word inside backticks', template: 'argv "`printf \'%s.\' {{x}}`"', words: (v) => [`${v}.`] },
  {
    context: 'after a comment holding quotes (issue 18)',
    template: `# it's a "comment\nargv {{x}} -n`,
    words: (v) => [v, '-n'],
  },
  {
    context: 'a here-document body',
    template: 'lines <<EOF\n{{x}}.\nEOF',
    words: (v) => [`${v}.\n`],
  },
  {
    context: 'next to ${…}, $((…)) and case',
    template: 'argv "${UNSET:-d}" $((1 + 2)) "$(case a in a) printf %s. {{x}};; esac)"',
    words: (v) => ['d', '3', `${v}.`],
  },
  { context: 'an assignment', template: 'v={{x}}; argv "$v"', words: (v) => [v] },
  { context: 'a for list', template: 'for a in {{x}}; do argv "$a"; done', words: (v) => [v] },
];

/**
 * sh, bash and dash, each once: where /bin/sh is dash (Debian) its row is named for both. Skipped on Windows,
 * which has none of them (the suite's name says so).
 */
const SHELLS: Array<{ label: string; path: string }> = [];
if (process.platform !== 'win32')
  for (const name of ['sh', 'bash', 'dash']) {
    const path = `/bin/${name}`;
    if (!existsSync(path)) continue;
    const same = SHELLS.find((s) => realpathSync(s.path) === realpathSync(path));
    if (same) same.label += ` (= ${name})`;
    else SHELLS.push({ label: name, path });
  }

/** Runs one template for many values in one shell process; answers the words each case received. */
function runBatch(shell: string, template: string, values: string[], cwd: string): string[][] {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const lines = [
    'argv() { printf "%d\\0" "$#"; for a in "$@"; do printf "%s\\0" "$a"; done; }',
    // A here-document read without starting a program: every line, each with its line feed.
    'lines() { s=; while IFS= read -r l; do s="$s$l\n"; done; argv "$s"; }',
  ];
  values.forEach((value, k) => {
    const rendered = renderShellCommand(template, { x: value }, 'sh');
    // Each case gets its own variable names, so one process can hold them all.
    lines.push(rendered.command.replace(/SKB_ARG_(\d+)/g, `SKB_ARG_$1_C${k}`));
    for (const [name, v] of Object.entries(rendered.env)) env[`${name}_C${k}`] = v;
  });
  // stdin not a socket: bash reads ~/.bashrc under `-c` when it thinks sshd started it (Node's pipes are sockets).
  const out = execFileSync(shell, ['-c', lines.join('\n')], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString('utf8');
  const fields = out.split('\0');
  const cases: string[][] = [];
  for (let i = 0; i < fields.length - 1;) {
    const count = Number(fields[i]);
    cases.push(fields.slice(i + 1, i + 1 + count));
    i += 1 + count;
  }
  return cases;
}

/** A folder with files that any escaped glob would match. */
function globFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-words-'));
  for (const f of ['a', 'b', '-n', 'x.'])
    try {
      writeFileSync(join(dir, f), '');
    } catch {
      /* a name the file system refuses */
    }
  return dir;
}

describe.runIf(SHELLS.length > 0)(
  'POSIX templates: the words received equal the intended words (skipped where no sh/bash/dash exists, i.e. Windows)',
  () => {
    const cwd = globFolder();
    for (const { label, path: shell } of SHELLS)
      for (const c of POSIX_CATALOGUE)
        it(`${label}: ${c.context}: ${JSON.stringify(c.template)}`, () => {
          fc.assert(
            fc.property(fc.array(VALUE, { minLength: BATCH, maxLength: BATCH }), (values) => {
              const received = runBatch(shell, c.template, values, cwd);
              expect(received).toEqual(values.map(c.words));
            }),
            { numRuns: BATCHES },
          );
        }, 120_000);
  },
);

const CMD_CATALOGUE: Case[] = [
  { context: 'an unquoted word', template: 'prog {{x}}', words: (v) => [v] },
  { context: 'part of an unquoted word', template: 'prog --k={{x}}', words: (v) => [`--k=${v}`] },
  { context: 'inside quotes', template: 'prog "a {{x}} b"', words: (v) => [`a ${v} b`] },
  { context: 'a whole quoted word', template: 'prog "{{x}}" tail', words: (v) => [v, 'tail'] },
  { context: 'next to literal !', template: 'prog Hi! "b!" {{x}}!', words: (v) => ['Hi!', 'b!', `${v}!`] },
];

describe('cmd.exe templates: the argv a program parses equals the intended words (pure oracles, every OS)', () => {
  for (const c of CMD_CATALOGUE)
    it(`${c.context}: ${JSON.stringify(c.template)}`, () => {
      fc.assert(
        fc.property(VALUE, (value) => {
          const { command, env } = renderShellCommand(c.template, { x: value }, 'cmd');
          expect(windowsArgv(delayedExpansion(command, env)).slice(1)).toEqual(c.words(value));
        }),
        { numRuns: 1000 },
      );
    });
});

/** The argv printer, run through the product's own plan and process runner. */
const ARGV_SCRIPT = join(FIXTURES, 'tools', 'argv', 'argv.mjs');
const node = process.execPath;

async function received(template: string, value: string): Promise<unknown> {
  const plan = planShellCommand(template, { x: value });
  const result = await runProcess({
    file: plan.file,
    args: plan.args,
    verbatimArguments: plan.verbatimArguments,
    cwd: dirname(ARGV_SCRIPT),
    env: toolEnvironment(plan.env),
    timeoutMs: 30_000,
    what: 'the argv printer',
  });
  return JSON.parse(result.stdout);
}

/** Fewer values than the batches above: each is a real process start through the product's runner. */
const RUNS = 25;

describe.skipIf(process.platform === 'win32')(
  'real runs through the shell kind (POSIX; skipped on Windows)',
  () => {
    it.each([
      [
        'directly, without a shell',
        `'${node}' '${ARGV_SCRIPT}' {{x}} "b {{x}}"`,
        (v: string) => [v, `b ${v}`],
        node,
      ],
      [
        'through /bin/sh',
        `'${node}' '${ARGV_SCRIPT}' {{x}} "$(printf '%s.' "{{x}}")" | cat`,
        (v: string) => [v, `${v}.`],
        '/bin/sh',
      ],
    ])(
      '%s: %s',
      async (_how, template, words, file) => {
        expect(planShellCommand(template, { x: 'v' }).file).toBe(file);
        await fc.assert(
          fc.asyncProperty(VALUE, async (v) => {
            expect(await received(template, v)).toEqual(words(v));
          }),
          { numRuns: RUNS },
        );
      },
      120_000,
    );
  },
);

describe.runIf(process.platform === 'win32')(
  'real runs through cmd.exe (Windows only; skipped elsewhere: cmd.exe exists only on Windows, the Windows CI job runs them)',
  () => {
    it.each([
      ['unquoted', `"${node}" "${ARGV_SCRIPT}" {{x}}`, (v: string) => [v]],
      ['inside quotes', `"${node}" "${ARGV_SCRIPT}" "a {{x}} b" Hi!`, (v: string) => [`a ${v} b`, 'Hi!']],
    ])(
      '%s: %s',
      async (_how, template, words) => {
        await fc.assert(
          fc.asyncProperty(VALUE, async (v) => {
            expect(await received(template, v)).toEqual(words(v));
          }),
          { numRuns: RUNS },
        );
      },
      120_000,
    );
  },
);
