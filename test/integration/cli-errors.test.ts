// Issue 11, "errors stay where they belong": bad input is an error value with exit 1, never a stack trace; EPIPE ends
// quietly; `run` starts only the MCP server the tool needs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCaptured } from './run-cli.js';
import { copyFixtures, REPO } from '../helpers.js';

const run = runCaptured;

const history = () => join(mkdtempSync(join(tmpdir(), 'skillbench-cli-')), 'history.jsonl');
const STACK = /\n\s+at /;

describe('unknown skill or tool', () => {
  it('`run nosuch x` is NotFound with exit 1 and no stack trace', async () => {
    const r = await run(['run', 'nosuch', 'x', '--history', history()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^skillbench: NotFound: No skill "nosuch"/);
    expect(r.stderr).not.toMatch(STACK);
  });

  it('with --format json, prints {"error":{code,message}} on stdout', async () => {
    for (const args of [
      ['run', 'nosuch', 'x', '--format', 'json', '--history', history()],
      ['tools', 'nosuch', '--format', 'json'],
      ['run', 'release-notes', 'nosuch', '--format', 'json', '--history', history()],
      ['tools', './no/such/folder', '--format', 'json'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(1);
      const body = JSON.parse(r.stdout) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('NotFound');
      expect(body.error.message).toBeTruthy();
      expect(r.stderr).toBe('');
    }
  });
});

describe('run', () => {
  it('starts only the MCP server the tool needs: a built-in starts none', async () => {
    const root = copyFixtures('cli/lazy-mcp');
    const r = await run([
      'run',
      'mixed',
      'say',
      '--arg',
      'text=hi',
      '--root',
      root,
      '--trust',
      '--history',
      history(),
    ]);
    expect(r.stdout).toBe('hi\n');
    expect(r.code).toBe(0);
    expect(existsSync(join(root, 'started'))).toBe(false);
    // The same server is started when its own tool is described (the marker proves the fixture works).
    await run(['tools', 'mixed', '--root', root, '--trust']);
    expect(existsSync(join(root, 'started'))).toBe(true);
  });
});

describe('EPIPE', () => {
  it('`skillbench list | (reader gone)` ends quietly', async () => {
    const child = spawn(process.execPath, [join(REPO, 'bin', 'skillbench.js'), 'list', '--format', 'json'], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy(); // the reader goes away before the first write, as `| head -0` would
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

describe('one broken tool', () => {
  const skill = join(REPO, 'test', 'fixtures', 'cli', 'one-bad-tool');

  it('`tools` lists every tool, the broken one with its problem', async () => {
    const r = await run(['tools', skill, '--format', 'json']);
    expect(r.code).toBe(0);
    const defs = JSON.parse(r.stdout) as Array<{ name: string; problem?: string }>;
    expect(defs.map((d) => d.name)).toEqual(['one-bad-tool__say', 'one-bad-tool__broken']);
    expect(defs[0]?.problem).toBeUndefined();
    expect(defs[1]?.problem).toMatch(/no_such_handler/);
  });

  it('runs the good tool; running the broken one is its own error', async () => {
    const good = await run(['run', skill, 'say', '--arg', 'text=hi', '--history', history()]);
    expect([good.code, good.stdout]).toEqual([0, 'hi\n']);
    const bad = await run(['run', skill, 'broken', '--format', 'json', '--history', history()]);
    expect(bad.code).toBe(1);
    expect((JSON.parse(bad.stdout) as { error: { code: string } }).error.code).toBe('NotFound');
  });
});

describe('the excluded-tools policy and locked values', () => {
  const skill = join(REPO, 'test', 'fixtures', 'tools', 'policy-demo');

  it('shows an excluded tool with its reason and refuses to run it (PermissionDenied)', async () => {
    const listed = await run(['tools', skill, '--format', 'json', '--exclude-tool', 'builtin']);
    const defs = JSON.parse(listed.stdout) as Array<{ name: string; problem?: string }>;
    expect(defs[0]?.problem).toMatch(/excluded by the tool policy \(excluded: builtin\)/);
    const r = await run([
      'run',
      skill,
      'status',
      '--format',
      'json',
      '--exclude-tool',
      'status',
      '--history',
      history(),
    ]);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { error: { code: string } }).error.code).toBe('PermissionDenied');
    const text = await run(['tools', skill, '--exclude-tool', 'policy-demo__status']);
    expect(text.stdout).toMatch(/cannot run: .*excluded by the tool policy/);
  });

  it('prints locked values only with --show-locked', async () => {
    const plain = JSON.parse((await run(['tools', skill, '--format', 'json'])).stdout) as Array<object>;
    expect(plain[0]).not.toHaveProperty('lockedArgs');
    const shown = JSON.parse(
      (await run(['tools', skill, '--format', 'json', '--show-locked'])).stdout,
    ) as Array<{
      lockedArgs?: object;
    }>;
    expect(shown[0]?.lockedArgs).toEqual({ command: 'echo elevated from $(pwd)' });
    expect((await run(['tools', skill])).stdout).not.toContain('echo elevated');
  });
});
