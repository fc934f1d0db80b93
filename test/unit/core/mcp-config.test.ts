import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMcpServers, readMcpConfig } from '../../../electron/core/mcp/config.js';
import { FIXTURES } from '../../helpers.js';

const dir = (name: string) => join(FIXTURES, 'mcp-config', name);
const file = (name: string) => join(dir(name), '.skillbench', 'mcp.json');

describe('MCP configuration (Claude Desktop mcpServers format)', () => {
  it('reads stdio and HTTP servers, expanding ${root} and resolving cwd', () => {
    const servers = readMcpConfig(file('good'), dir('good'));
    expect(servers.local).toMatchObject({
      command: 'node',
      args: [`${dir('good')}/server.mjs`, '--flag'],
      env: { MODE: 'test' },
      cwd: dir('good'),
      timeoutSecs: 5,
    });
    expect(servers.remote).toMatchObject({
      url: 'http://127.0.0.1:3000/mcp',
      headers: { Authorization: 'Bearer x' },
    });
  });

  it('reports broken files with the file and the key', () => {
    expect(() => readMcpConfig(file('bad-json'))).toThrow(/bad-json.*not valid JSON/s);
    expect(() => readMcpConfig(file('both'))).toThrow(
      /mcpServers\.x: give either "command" \(stdio\) or "url"/,
    );
  });

  it('loads .skillbench/mcp.json from each root, an explicit file winning', () => {
    const { servers, problems, configured } = loadMcpServers([dir('good'), join(FIXTURES, 'nothing-here')]);
    expect(Object.keys(servers)).toEqual(['local', 'remote']);
    expect([problems, configured]).toEqual([[], true]);
    expect(() => loadMcpServers([], join(FIXTURES, 'missing.json'))).toThrow(/MCP config file not found/);
  });

  it("reports a root's broken config as a problem and keeps the other roots' servers", () => {
    const set = loadMcpServers([dir('bad-json'), dir('good')]);
    expect(Object.keys(set.servers)).toEqual(['local', 'remote']);
    expect(set.problems.map((p) => p.file)).toEqual([file('bad-json')]);
    expect(set.problems[0]?.message).toMatch(/not valid JSON/);
    expect(set.files).toEqual([file('bad-json'), file('good')]);
  });
});
