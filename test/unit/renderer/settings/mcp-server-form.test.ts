// The Add server form's model: what each kind of server needs, with words that say how to fix it, and the
// `mcpServers` entry it adds to the JSON beside it (which core's reader then takes).
import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from '../../../../electron/core/mcp/config.js';
import {
  EMPTY_SERVER_FORM,
  formProblems,
  serverEntry,
  serversInJson,
  withServer,
} from '../../../../renderer/src/settings/mcp-server-form.js';

const stdio = {
  ...EMPTY_SERVER_FORM,
  name: 'files',
  command: 'npx',
  args: '-y\n@modelcontextprotocol/server-filesystem\n/tmp/my folder',
  env: 'LOG=debug\nTOKEN=a=b',
  cwd: '${root}',
};
const url = {
  ...EMPTY_SERVER_FORM,
  name: 'remote',
  transport: 'url' as const,
  url: 'https://example.com/mcp',
  headers: 'Authorization: Bearer x',
};

describe('formProblems', () => {
  it('asks for a name, a unique one, and the command or the URL of its kind', () => {
    expect(formProblems(EMPTY_SERVER_FORM, [])).toEqual({
      name: 'Give the server a name, like files or github.',
      command: 'A stdio server needs the command that starts it, like npx.',
    });
    expect(formProblems({ ...url, url: '' }, []).url).toBe(
      'A URL server needs its address, like https://example.com/mcp.',
    );
    expect(formProblems(stdio, ['files']).name).toBe(
      'A server named files is already in the JSON: pick another name, or edit that one there.',
    );
    expect(formProblems({ ...stdio, name: 'a__b' }, []).name).toMatch(/no "__"/);
    expect(formProblems({ ...url, url: 'ftp://x' }, []).url).toBe('"ftp://x" is not an http(s) address.');
    expect(formProblems({ ...stdio, env: 'NOVALUE' }, []).env).toBe('"NOVALUE" is not KEY=value.');
    expect(formProblems(stdio, ['other'])).toEqual({});
    expect(formProblems(url, [])).toEqual({});
  });
});

describe('serverEntry and withServer', () => {
  it('writes Claude Desktop’s format, leaving empty fields out, one argument per line', () => {
    expect(serverEntry(stdio)).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp/my folder'],
      env: { LOG: 'debug', TOKEN: 'a=b' },
      cwd: '${root}',
    });
    expect(serverEntry(url)).toEqual({
      url: 'https://example.com/mcp',
      headers: { Authorization: 'Bearer x' },
    });
    expect(serverEntry({ ...stdio, args: '', env: '', cwd: '' })).toEqual({ command: 'npx' });
  });

  it('adds to the servers already in the JSON, and core’s reader takes the result', () => {
    const before = serversInJson('{ "mcpServers": { "old": { "command": "node" } } }');
    if ('problem' in before) throw new Error(before.problem);
    const text = withServer(withServerObject(before.servers, stdio), url);
    const config = parseMcpConfig(JSON.parse(text), 'settings', '/root', '/root');
    expect(Object.keys(config)).toEqual(['old', 'files', 'remote']);
    expect(config.files?.cwd).toBe('/root');
    expect(config.remote?.transport).toBe('http');
  });

  it('says when the JSON beside the form cannot take a server', () => {
    expect(serversInJson('{ nope')).toMatchObject({
      problem: expect.stringMatching(/^The JSON beside the form is not valid/) as unknown,
    });
    expect(serversInJson('[1]')).toMatchObject({
      problem: expect.stringMatching(/Expected \{ "mcpServers"/) as unknown,
    });
  });
});

const withServerObject = (servers: Record<string, never> | Record<string, unknown>, form: typeof stdio) =>
  (JSON.parse(withServer(servers as never, form)) as { mcpServers: Record<string, never> }).mcpServers;
