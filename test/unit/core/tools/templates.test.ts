import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  renderArgv,
  renderHeader,
  renderShellCommand,
  renderUrl,
} from '../../../../electron/core/tools/templates.js';

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

describe.runIf(process.platform !== 'win32')('renderShellCommand (POSIX)', () => {
  it.each(NASTY)('passes %j through every quoting context without the shell parsing it', (value) => {
    const { command, env } = renderShellCommand(`printf '%s|%s|%s' {{v}} "d {{v}}" 's {{v}}'`, { v: value });
    expect(command).not.toContain(value.trim() || 'never');
    const out = execFileSync('/bin/sh', ['-c', command], {
      env: { PATH: process.env.PATH ?? '', ...env },
    }).toString();
    expect(out).toBe(`${value}|d ${value}|s ${value}`);
  });

  it('keeps adjacent text apart from the variable name', () => {
    const { command, env } = renderShellCommand('echo {{a}}x{{b}}', { a: '1', b: 2 });
    expect(execFileSync('/bin/sh', ['-c', command], { env: { ...env } }).toString()).toBe('1x2\n');
  });
});

describe('renderShellCommand (Windows cmd)', () => {
  it('uses delayed expansion variables', () => {
    expect(renderShellCommand('echo {{a}} & {{a}}', { a: '&calc' }, 'win32')).toEqual({
      command: 'echo !SKB_ARG_0! & !SKB_ARG_0!',
      env: { SKB_ARG_0: '&calc' },
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
