// What a server or a model says reaches the terminal escaped: no screen clear, window title, bell or `\r` rewriting
// a line, in text or JSON output, and the JSON stays the same value.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/index.js';
import type { CliIo } from '../../electron/cli/io.js';
import { FIXTURES } from '../helpers.js';

let tmp: string;
let config: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-controls-'));
  config = join(tmp, 'mcp.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { h: { command: process.execPath, args: [join(FIXTURES, 'mcp', 'hostile-server.mjs')] } },
    }),
  );
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function cli(args: string[]) {
  let out = '';
  const io: CliIo = { stdout: (t) => void (out += t), stderr: (t) => void (out += t), cwd: tmp };
  return { code: await runCli(args, io), out };
}

/** Anything a terminal acts on but tab and newline. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('control characters from an MCP server', () => {
  it('are shown escaped in a tool description listed as text', async () => {
    const r = await cli(['mcp', 'list', '--mcp-config', config]);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(RAW_CONTROL);
    expect(r.out).toContain('h__shout  Loud.\\u001b[2J\\u001b]0;owned\\u0007\\u000dPASS \\u009b31m\n');
  });

  it('are shown escaped in a call answer, and the JSON reads back as the server sent it', async () => {
    const text = await cli(['mcp', 'call', 'h', 'shout', '--mcp-config', config]);
    expect(text.out).not.toMatch(RAW_CONTROL);
    expect(text.out).toContain('said Loud.\\u001b[2J');
    const json = await cli(['mcp', 'call', 'h', 'shout', '--mcp-config', config, '--format', 'json']);
    expect(json.out).not.toMatch(RAW_CONTROL);
    expect(JSON.stringify(JSON.parse(json.out))).toContain(
      JSON.stringify('said Loud.\x1b[2J\x1b]0;owned\x07\rPASS \x9b31m'),
    );
  });
});
