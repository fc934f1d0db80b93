import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellKind } from '../../../../electron/core/tools/kinds/shell.js';
import { shellOptionProblems, withDashes } from '../../../../electron/core/tools/shell-options.js';
import { SkillError } from '../../../../shared/errors.js';
import type { Diagnostic, SkillTool } from '../../../../shared/types.js';
import { evaluateText, FIXTURES } from '../../../helpers.js';

/** [column, severity, code] of each problem. */
const judged = (template: string, allowEval = false) =>
  shellOptionProblems(template, allowEval).map((p) => [p.column, p.severity, p.code]);

describe('shellOptionProblems: what a one-word value can still become', () => {
  it('warns on a whole-word placeholder argument with no -- before it, and says where -- goes', () => {
    expect(judged('ls {{d}}')).toEqual([[4, 'warning', 'tool-shell-option']]);
    expect(judged('ls "{{d}}"')).toEqual([[5, 'warning', 'tool-shell-option']]);
    // One -- before the first placeholder of the command covers the others.
    const [a, b] = shellOptionProblems('cp {{a}} {{b}}');
    expect([a?.insertDashes, b?.insertDashes]).toEqual([3, 3]);
    expect(withDashes('ls "{{d}}"', shellOptionProblems('ls "{{d}}"')[0]!.insertDashes!)).toBe(
      'ls -- "{{d}}"',
    );
    expect(judged('x=$(ls {{d}}); echo "$x"')).toEqual([[8, 'warning', 'tool-shell-option']]);
    // After `2>&1` the command goes on: the placeholder is still an argument of tar.
    expect(judged('tar -cf o.tar 2>&1 {{d}}')).toEqual([[20, 'error', 'tool-shell-option']]);
  });

  it('accepts a placeholder after --, inside a word, as a redirection target, or after an option it may be the value of', () => {
    for (const t of [
      'ls -- {{d}}',
      'ls --name={{x}}',
      'ls p{{x}}',
      'ls ./{{x}}',
      'cat < {{f}}',
      'cat 2> {{f}}',
      'cat -- {{f}} 2>&1 >&2',
      'tar --file={{out}} -- dir',
      'tar -cf{{out}} -- dir',
      'find . -name {{x}}',
      'grep -e {{pattern}} -- file',
      "printf '%s\\n' {{x}}",
      'echo {{x}}',
      'printf "[%s]" "{{x}}"',
      'sh -c \'echo "$0"\' {{x}}',
    ])
      expect(judged(t), t).toEqual([]);
  });

  it('is an error for programs with options that run code (the tar --use-compress-program repro)', () => {
    expect(judged('tar -cf out.tar {{a}} {{b}}')).toEqual([
      [17, 'error', 'tool-shell-option'],
      [23, 'error', 'tool-shell-option'],
    ]);
    for (const t of [
      'git log {{x}}',
      'rg {{p}} .',
      'rsync -a {{src}} dest',
      'scp {{f}} host:',
      'xargs {{x}}',
    ])
      expect(judged(t)[0]?.[1], t).toBe('error');
    expect(shellOptionProblems('tar -cf out.tar {{a}}')[0]?.message).toMatch(/--use-compress-program/);
    // find reads -exec even after --, and git's options come before a subcommand: no -- fix there.
    expect(shellOptionProblems('find {{d}} -name x')[0]).toMatchObject({ severity: 'error' });
    expect(shellOptionProblems('find {{d}} -name x')[0]?.insertDashes).toBeUndefined();
    expect(shellOptionProblems('git {{x}}')[0]?.insertDashes).toBeUndefined();
    // Not knowing which of their options take a value, a placeholder after one is still an error for them.
    expect(judged('timeout 5 tar -xf {{f}}')).toEqual([[19, 'error', 'tool-shell-option']]);
    expect(shellOptionProblems('tar -cf {{f}}')[0]?.message).toMatch(/-cf\{\{…\}\}/);
    expect(shellOptionProblems('git log --format {{f}}')[0]?.message).toMatch(/--format=\{\{…\}\}/);
    expect(judged('nice tar -xf f {{g}}')).toEqual([[16, 'error', 'tool-shell-option']]);
    // For other programs it is read as the option's value (a documented limit: a flag there hides the risk).
    expect(judged('sort -k {{key}}')).toEqual([]);
  });

  it('is an error when the value is run as code, unless allowed', () => {
    for (const t of [
      'eval {{x}}',
      'sh -c {{x}}',
      'bash -ec "{{x}}"',
      'zsh -c {{x}} name',
      'env -S {{x}}',
      'watch -- ls {{x}}',
      'ssh host {{x}}',
      'ssh -p 22 host -- {{x}}',
      'sudo -- {{x}}',
      'env A=1 {{x}}',
    ]) {
      expect(
        judged(t).map((p) => p[2]),
        t,
      ).toEqual(['tool-shell-eval']);
      expect(judged(t, true), t).toEqual([]);
    }
    // ssh's host itself is an option risk (-oProxyCommand=…), not code.
    expect(judged('ssh -p 22 {{h}}')).toEqual([[11, 'error', 'tool-shell-option']]);
  });
});

describe('the manifest rules', () => {
  const file = join(FIXTURES, 'skills', 'inline-shell', 'SKILL.md');
  const skill = (command: string, extra = '') =>
    `---\nname: inline-shell\ndescription: Runs a command. Use when testing.\ntools:\n  - name: run\n    kind: shell\n    command: ${JSON.stringify(command)}\n${extra}---\nBody.\n`;
  const diags = (text: string): Diagnostic[] =>
    evaluateText(file, text).diagnostics.filter(
      (d) => d.code.startsWith('tool-shell-') || d.code === 'tool-unknown-key',
    );

  it('reports tool-shell-option with a quick fix that inserts -- and then passes', () => {
    const text = skill('tar -cf out.tar {{a}} {{b}}');
    const found = diags(text);
    expect(found.map((d) => [d.code, d.severity])).toEqual([
      ['tool-shell-option', 'error'],
      ['tool-shell-option', 'error'],
    ]);
    expect(found[0]?.message).toMatch(/Tool "run": at line 1, column 17: .*`tar` as an option/);
    const edit = found[0]?.fix?.edits[0];
    expect(edit?.newText).toBe('"tar -cf out.tar -- {{a}} {{b}}"');
    expect(diags(skill('tar -cf out.tar -- {{a}} {{b}}'))).toEqual([]);
  });

  it('reports tool-shell-eval unless the tool sets allowShellEval: true (a known key)', () => {
    expect(diags(skill('sh -c {{x}}')).map((d) => [d.code, d.severity])).toEqual([
      ['tool-shell-eval', 'error'],
    ]);
    expect(diags(skill('sh -c {{x}}')).at(0)?.message).toMatch(/allowShellEval: true/);
    expect(diags(skill('sh -c {{x}}', '    allowShellEval: true\n'))).toEqual([]);
    expect(diags(skill('sh -c {{x}}', '    allow_shell_eval: true\n'))).toEqual([]);
    expect(diags(skill('sh -c {{x}}', '    allowShellEval: false\n')).map((d) => d.code)).toEqual([
      'tool-shell-eval',
    ]);
  });
});

describe('the run refuses what the rules call an error', () => {
  const folder = mkdtempSync(join(tmpdir(), 'skb-shell-options-'));
  const run = (tool: SkillTool, args: Record<string, string>) =>
    shellKind.run({
      skill: { name: 's', description: 'd', tools: [tool] } as never,
      tool,
      folder,
      args,
      timeoutMs: 10_000,
      explicitTimeout: false,
      deps: {},
      what: 'tool "t"',
    });
  const marker = join(folder, 'ran');
  writeFileSync(join(folder, 'file.txt'), 'x');

  it.skipIf(process.platform === 'win32')(
    'refuses the tar repro (its value would run a command); after -- the value is only a file name',
    async () => {
      const args = { a: `--use-compress-program=touch ${marker};cat`, b: 'file.txt' };
      const tool: SkillTool = {
        name: 't',
        description: '',
        kind: 'shell',
        command: 'tar -cf out.tar {{a}} {{b}}',
      };
      const error: unknown = await run(tool, args).catch((e: unknown) => e);
      // Without the refusal tar runs the "compressor" and the marker exists.
      expect(existsSync(marker)).toBe(false);
      expect(error).toBeInstanceOf(SkillError);
      expect(error).toMatchObject({ code: 'ConfigValidation' });
      await run({ ...tool, command: 'tar -cf out.tar -- {{a}} {{b}} 2>/dev/null; true' }, args);
      expect(existsSync(marker)).toBe(false);
    },
  );

  it.skipIf(process.platform === 'win32')('refuses sh -c {{x}} unless allowShellEval', async () => {
    const tool: SkillTool = { name: 't', description: '', kind: 'shell', command: 'sh -c {{x}}' };
    await expect(run(tool, { x: 'echo hi' })).rejects.toMatchObject({ code: 'ConfigValidation' });
    const out = await run({ ...tool, allowShellEval: true }, { x: 'echo hi' });
    expect(JSON.stringify(out)).toMatch(/hi/);
  });
});
