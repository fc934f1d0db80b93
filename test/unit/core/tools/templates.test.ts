import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillError } from '../../../../shared/errors.js';
import {
  directArgv,
  planShellCommand,
  quoteWindowsArg,
  renderArgv,
  renderHeader,
  renderShellCommand,
  renderUrl,
  shellInvocation,
  shellTemplateProblems,
} from '../../../../electron/core/tools/templates.js';
import { delayedExpansion, windowsArgv } from './windows-command-line.js';

const NASTY = [
  `$(touch /tmp/skillbench-pwned)`,
  '`id`',
  "'; echo hacked; '",
  '"; echo hacked; "',
  '${HOME}',
  'a\\b',
  '&& rm -rf ~',
  '\n echo newline',
];

/** POSIX shells on this machine: sh, and bash and dash where installed. */
const SHELLS = ['/bin/sh', '/bin/bash', '/bin/dash'].filter(
  (s) => process.platform !== 'win32' && existsSync(s),
);

/** Runs a rendered command in `shell` in a folder holding files, so a glob that escaped its quotes would show. */
function run(shell: string, template: string, args: Record<string, string>): string {
  const { command, env } = renderShellCommand(template, args, 'sh');
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-glob-'));
  for (const f of ['alpha', 'beta']) writeFileSync(join(dir, f), '');
  return execFileSync(shell, ['-c', command], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', ...env },
  }).toString();
}

describe.runIf(process.platform !== 'win32')('renderShellCommand (POSIX)', () => {
  it.each(NASTY)('passes %j through every quoting context without the shell parsing it', (value) => {
    const { command, env } = renderShellCommand(
      `printf '%s|%s|%s' {{v}} "d {{v}}" 's {{v}}'`,
      { v: value },
      'sh',
    );
    expect(command).not.toContain(value.trim() || 'never');
    const out = execFileSync('/bin/sh', ['-c', command], {
      env: { PATH: process.env.PATH ?? '', ...env },
    }).toString();
    expect(out).toBe(`${value}|d ${value}|s ${value}`);
  });

  it('keeps adjacent text apart from the variable name', () => {
    const { command, env } = renderShellCommand('echo {{a}}x{{b}}', { a: '1', b: 2 }, 'sh');
    expect(execFileSync('/bin/sh', ['-c', command], { env: { ...env } }).toString()).toBe('1x2\n');
  });

  it.each(SHELLS)('%s: a value inside "$(… "{{x}}" …)" is not globbed (issue 18)', (shell) => {
    expect(run(shell, `printf '[%s]\\n' "$(printf '%s' "{{x}}")"`, { x: '*' })).toBe('[*]\n');
    expect(run(shell, `printf '[%s]\\n' "$(printf '%s' {{x}})"`, { x: '* ?' })).toBe('[* ?]\n');
  });

  it.each(SHELLS)('%s: after a comment holding a quote, a value stays one argument (issue 18)', (shell) => {
    expect(run(shell, `# it's "quoted\nprintf '[%s]\\n' {{x}}`, { x: '-n x' })).toBe('[-n x]\n');
  });

  it.each(SHELLS)('%s: here-documents and backticks take the value as written', (shell) => {
    expect(run(shell, 'cat <<EOF\n<{{x}}>\nEOF', { x: '"$(id)" *' })).toBe('<"$(id)" *>\n');
    expect(run(shell, 'printf "[%s]" "`printf %s \\"{{x}}\\"`" "$(printf %s {{x}})"', { x: 'a b' })).toBe(
      '[a b][a b]',
    );
    expect(run(shell, 'v=$(printf %s {{x}}); printf "[%s]" "$v"', { x: '/etc/pass* b' })).toBe(
      '[/etc/pass* b]',
    );
  });

  it('refuses a placeholder inside an unquoted $(…) or backticks, whose output the shell would split and glob', () => {
    const problems = (t: string) => shellTemplateProblems(t, 'sh').map((p) => `${p.column}: ${p.message}`);
    // The red-team repro: `files` became many words, one an option that runs a command.
    expect(problems("tar -cf /dev/null $(printf '%s' {{files}})")).toEqual([
      expect.stringMatching(/^19: a placeholder inside an unquoted \$\(…\) or `…`: .*quote the substitution/),
    ]);
    expect(problems('ls `printf %s {{x}}`')).toHaveLength(1);
    expect(problems('echo "$(echo $(printf %s {{x}}))"')).toHaveLength(1);
    // Quoted or assigned, the output stays one word.
    for (const ok of [
      'tar -cf /dev/null "$(printf %s {{x}})"',
      'v=$(printf %s {{x}})',
      'v=`printf %s {{x}}`',
    ])
      expect(problems(ok), ok).toEqual([]);
    expect(() => renderShellCommand('ls $(printf %s {{x}})', { x: '/etc/pass* /root/.*' }, 'sh')).toThrow(
      /column 4: a placeholder inside an unquoted \$\(…\)/,
    );
  });

  it('leaves a placeholder in a comment as written and passes no variable for it', () => {
    expect(renderShellCommand('echo a # {{x}}', { x: 'v' }, 'sh')).toEqual({
      command: 'echo a # {{x}}',
      env: {},
    });
  });

  it('refuses a template it cannot make exact, naming line and column, before anything runs', () => {
    let error: unknown;
    try {
      renderShellCommand('echo ok\necho $(( {{n}} + 1 ))', { n: '1' }, 'sh');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SkillError);
    expect((error as SkillError).code).toBe('ConfigValidation');
    expect((error as SkillError).message).toMatch(/line 2, column 10: a placeholder inside arithmetic/);
  });

  it('refuses a value holding NUL, which no argument can carry', () => {
    expect(() => renderShellCommand('echo {{x}}', { x: 'a\0b' }, 'sh')).toThrow(/NUL character/);
  });
});

describe('directArgv: plain words run without a shell', () => {
  it('splits words, each placeholder one unsplit piece, quotes removed', () => {
    expect(directArgv(`git log -n {{n}} "--grep={{q}}" 'a b'`, { n: '3', q: `x "y" $(z)` }, 'sh')).toEqual([
      'git',
      'log',
      '-n',
      '3',
      '--grep=x "y" $(z)',
      'a b',
    ]);
  });

  it.each([
    'echo a | wc', // operator
    'echo $HOME', // expansion
    'ls *.txt', // glob
    'echo a\necho b', // two commands
    'cd /tmp', // a built-in no program stands in for
    'X=1 env', // an assignment
    '{{cmd}} --help', // the command itself is a value
    'echo ~', // tilde
    'echo {a,b}', // brace expansion
  ])('needs a shell for %j', (template) => {
    expect(directArgv(template, { cmd: 'ls' }, 'sh')).toBeUndefined();
  });

  it('never on Windows, where programs such as npm are batch files only cmd can start', () => {
    expect(directArgv('npm test', {}, 'cmd')).toBeUndefined();
  });

  it('planShellCommand runs plain words directly and the rest in /bin/sh', () => {
    expect(planShellCommand('printf %s {{x}}', { x: 'a b' }, 'sh')).toEqual({
      file: 'printf',
      args: ['%s', 'a b'],
      env: {},
      verbatimArguments: false,
    });
    expect(planShellCommand('printf %s {{x}} | wc -c', { x: 'a b' }, 'sh')).toEqual({
      file: '/bin/sh',
      args: ['-c', 'printf %s "${SKB_ARG_0}" | wc -c'],
      env: { SKB_ARG_0: 'a b' },
      verbatimArguments: false,
    });
  });
});

/** What a program started by cmd.exe receives for a rendered template, by the two test oracles. */
function cmdArgv(template: string, args: Record<string, string>): string[] {
  const { command, env } = renderShellCommand(template, args, 'cmd');
  return windowsArgv(delayedExpansion(command, env));
}

describe('renderShellCommand (cmd.exe, checked as pure functions on every OS)', () => {
  it('uses delayed expansion variables holding the value quoted for the program', () => {
    expect(renderShellCommand('echo {{a}} & {{a}}', { a: '&calc' }, 'cmd')).toEqual({
      command: 'echo !SKB_ARG_0! & !SKB_ARG_1!',
      env: { SKB_ARG_0: '&calc', SKB_ARG_1: '&calc' },
    });
  });

  it('keeps each value one argument, inside quotes or not', () => {
    const value = 'a "b" c\\ d\\';
    expect(cmdArgv('prog {{v}} "x {{v}} y" "{{v}}" --k={{v}}', { v: value })).toEqual([
      'prog',
      value,
      `x ${value} y`,
      value,
      `--k=${value}`,
    ]);
    expect(cmdArgv('prog {{v}} "{{v}}"', { v: '' })).toEqual(['prog', '', '']);
  });

  it('escapes a literal ! for delayed expansion, inside quotes and out', () => {
    const { command } = renderShellCommand('echo Hello, {{name}}! "Wow!"', { name: 'Ada' }, 'cmd');
    expect(command).toBe('echo Hello, !SKB_ARG_0!^^! "Wow^!"');
    expect(cmdArgv('echo Hello, {{name}}! "Wow!"', { name: 'Ada' })).toEqual([
      'echo',
      'Hello,',
      'Ada!',
      'Wow!',
    ]);
  });

  it('quotes an argument only when the C runtime needs it, as Node does', () => {
    expect(quoteWindowsArg('C:\\dir\\')).toBe('C:\\dir\\');
    expect(quoteWindowsArg('C:\\my dir\\')).toBe('"C:\\my dir\\\\"');
    expect(quoteWindowsArg('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteWindowsArg('')).toBe('""');
  });

  it('starts cmd with /s /c and the line verbatim, so Node does not quote it again', () => {
    expect(shellInvocation('echo "a b"', 'cmd')).toMatchObject({
      args: ['/d', '/s', '/v:on', '/c', '"echo "a b""'],
      verbatimArguments: true,
    });
  });
});

describe('other templates', () => {
  it('splits script argument lists, one word per placeholder whatever it holds', () => {
    expect(
      renderArgv(`run.mjs --mode {{m}} "two words" 'single q' a\\ b {{obj}}`, {
        m: 'x y; ls',
        obj: { k: 1 },
      }),
    ).toEqual(['run.mjs', '--mode', 'x y; ls', 'two words', 'single q', 'a b', '{"k":1}']);
  });

  it('percent-encodes values in URLs', () => {
    expect(renderUrl('http://h/items/{{id}}?q={{q}}', { id: '../admin', q: 'a&b=c' })).toBe(
      'http://h/items/..%2Fadmin?q=a%26b%3Dc',
    );
  });

  it('keeps line breaks out of headers', () => {
    expect(renderHeader('Bearer {{t}}', { t: 'x\r\nX-Evil: 1' })).toBe('Bearer x X-Evil: 1');
  });
});
