import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCaptured } from './run-cli.js';
import { FIXTURES } from '../helpers.js';

const history = () => join(mkdtempSync(join(tmpdir(), 'skillbench-cli-')), 'history.jsonl');
const ENCODE_HI = ['run', 'skills/text-toolkit', 'encode', '--args', '{"text":"hi"}'];

const run = runCaptured;

describe('skillbench tools', () => {
  it('prints the advertised definitions as JSON, schema included', async () => {
    const r = await run(['tools', 'release-notes', '--format', 'json']);
    expect(r.code).toBe(0);
    const defs = JSON.parse(r.stdout) as Array<{
      name: string;
      inputSchema: { properties: object };
    }>;
    expect(defs[0]?.name).toBe('release-notes__read_changelog');
    // Exactly what a model is offered (issue 11): no manifest-side fields such as toolName or toolType.
    expect(Object.keys(defs[0] ?? {})).toEqual(['name', 'description', 'inputSchema']);
    expect(Object.keys(defs[0]?.inputSchema.properties ?? {})).toEqual(['maxBytes']);
  });

  it('describes tools in text, MCP schemas fetched from the server', async () => {
    const r = await run(['tools', 'mcp-everything']);
    expect(r.stdout).toMatch(
      /mcp-everything__add {2}\(mcp: demo__add\)\n {2}Add two numbers on the MCP server\.\n {2}a: number\n {2}b: number/,
    );
  });
});

describe('skillbench run', () => {
  it('runs a tool with --arg values typed by the schema and records it in the history', async () => {
    const file = history();
    const r = await run([
      'run',
      'word-stats',
      'count',
      '--arg',
      'text=1 2 3',
      '--arg',
      'top=1',
      '--history',
      file,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ words: 3, frequent: { '1': 1 } });
    const [entry] = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { tool: string; args: unknown; status: string });
    expect(entry).toMatchObject({ tool: 'count', args: { text: '1 2 3', top: 1 }, status: 'ok' });
  });

  it('moves a history file it cannot read aside and says so on stderr, keeping the readable runs', async () => {
    const file = history();
    writeFileSync(
      file,
      '{"id":"a","at":"2026-01-01T00:00:00Z","skillId":"s","skillName":"s","tool":"t","args":{},"status":"ok","output":"kept","durationMs":1}\n{ torn\n',
    );
    const r = await run([...ENCODE_HI, '--history', file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^skillbench: history\.jsonl could not be read \(line 2 is not JSON\); it was moved to .*history\.jsonl\.broken-/m,
    );
    const backup = /moved to (\S+) and/.exec(r.stderr)?.[1] ?? '';
    expect(readFileSync(backup, 'utf8')).toContain('{ torn');
    expect(readFileSync(file, 'utf8')).toContain('"output":"kept"');
  });

  it('prints the ToolOutput as JSON', async () => {
    const r = await run([...ENCODE_HI, '--format', 'json', '--history', history()]);
    expect(JSON.parse(r.stdout)).toMatchObject({
      output: 'aGk=',
      isError: false,
      durationMs: expect.any(Number) as number,
    });
  });

  it('exits 1 and prints the error code when the call fails, or when the tool reports an error', async () => {
    const bad = await run(['run', 'greeting-shell', 'greet', '--arg', 'name=x', '--history', history()]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^skillbench: InvalidArgs: .*place/m);
    const toolError = await run([
      'run',
      join(FIXTURES, 'cases', 'broken-cases'),
      'fail',
      '--trust',
      '--history',
      history(),
    ]);
    expect(toolError.code).toBe(1);
    expect(toolError.stdout).toBe('nope\n');
    expect(toolError.stderr).toMatch(/the tool reported an error \(exit 1\)/);
    const json = await run(['run', 'text-toolkit', 'nope', '--format', 'json', '--history', history()]);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'NotFound' } });
  });

  it('applies --timeout', async () => {
    const r = await run([
      'run',
      join(FIXTURES, 'tools', 'proc'),
      'slow',
      '--timeout',
      '1',
      '--trust',
      '--history',
      history(),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Timeout: .*did not finish within 1 s/);
  });

  it('runs no shell or script tool of a folder that is not trusted, unless --trust is given', async () => {
    const folder = join(FIXTURES, 'cases', 'broken-cases');
    const args = ['run', folder, 'fail', '--history', history()];
    const refused = await run(args);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/PermissionDenied: .*which you have not trusted\. Trust the root/);
    const listed = await run(['tools', folder, '--format', 'json']);
    const tools = JSON.parse(listed.stdout) as Array<{ name: string; problem?: string }>;
    expect(tools.map((t) => [t.name.split('__')[1], /not trusted/.test(t.problem ?? '')])).toEqual([
      ['echo', false],
      ['fail', true],
    ]);
    expect((await run([...args, '--trust'])).stdout).toBe('nope\n');
  });

  it('exits 2 on bad usage', async () => {
    expect((await run(['run', 'text-toolkit'])).code).toBe(2);
    expect((await run(['run', 'text-toolkit', 'echo', '--args', '[1]'])).code).toBe(2);
    expect((await run(['run', 'text-toolkit', 'echo', '--arg', 'novalue'])).code).toBe(2);
    expect((await run(['run', 'text-toolkit', 'echo', '--timeout', '0'])).code).toBe(2);
    expect((await run(['tools'])).code).toBe(2);
  });
});

describe('skillbench test and mcp list', () => {
  it('runs the bundled cases, which pass', async () => {
    const r = await run(['test']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\n\d+ passed, 0 failed\n$/);
  });

  it('finds the MCP servers of the library a skill folder belongs to', async () => {
    const r = await run(['test', 'skills/mcp-everything']);
    expect(r.stdout).toMatch(/\n2 passed, 0 failed\n$/);
  });

  it('exits 1 on a failing case, with JUnit XML on request', async () => {
    const r = await run(['test', join(FIXTURES, 'cases'), '--format', 'junit', '--trust']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="skillbench" tests="4" failures="3">/,
    );
    expect(r.stdout).toContain('<failure message="expected the output to contain &quot;goodbye&quot;">');
    const json = JSON.parse(
      (await run(['test', join(FIXTURES, 'cases'), '--format', 'json', '--trust'])).stdout,
    ) as {
      summary: object;
    };
    expect(json.summary).toEqual({ cases: 4, passed: 1, failed: 3 });
  });

  it('lists MCP servers with their status and tools', async () => {
    const r = await run(['mcp', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^demo {2}connected {2}stdio {2}.*mcp\.json\n {2}demo__echo {2}Echoes back the message\.\n {2}demo__add/,
    );
    expect(
      (await run(['mcp', 'list', '--mcp-config', 'test/fixtures/mcp-config/both/.skillbench/mcp.json'])).code,
    ).toBe(1);
  });
});
