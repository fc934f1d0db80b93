// Which key `skillbench eval` sends: OPENAI_API_KEY to a base URL given on the command line, the variable
// --api-key-env names, none to a base URL from a providers file inside a library root unless trusted and named there;
// a 401 says which key was sent. Through the real SDKs against the fake model server.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCaptured } from '../run-cli.js';
import { useCliSession } from './cli-session.js';
import { LIBRARY } from './routes.js';

const session = useCliSession();
const SKILL = join(LIBRARY, 'csv-report');

describe('provider keys on the command line', () => {
  const triggersWith = (...extra: string[]) =>
    runCaptured([
      'eval',
      'triggers',
      SKILL,
      '--root',
      LIBRARY,
      '--runs',
      '1',
      '--retries',
      '0',
      '--no-cache',
      '--concurrency',
      '1',
      '--format',
      'json',
      ...extra,
    ]);
  /** A 401 stops the whole run: the CLI prints one error (the first failure), no report, and exits non-zero. */
  const firstError = (out: { code: number; stdout: string }) => {
    expect(out.code).not.toBe(0);
    const { error } = JSON.parse(out.stdout) as { error: { code: string; message: string } };
    expect(error.code).toBe('Http');
    expect(error.message).toContain('The run stopped: a model request failed');
    return error.message;
  };
  const openai = ['--openai', '--model', 'gpt-x'];

  it('sends OPENAI_API_KEY to a base URL given on the command line, and a 401 names the variable it came from', async () => {
    process.env.OPENAI_API_KEY = 'sk-gateway-user-key';
    session.server.script = () => ({ status: 401, message: 'invalid key' });
    const out = await triggersWith(...openai, '--base-url', session.server.openaiBaseURL);
    expect(session.server.received[0]?.headers.authorization).toBe('Bearer sk-gateway-user-key');
    expect(firstError(out)).toContain('answered 401');
    expect(firstError(out)).toContain('Check the API key: the key sent came from OPENAI_API_KEY.');
  });

  it('reads the key from the variable --api-key-env names, for OpenAI and Anthropic alike', async () => {
    process.env.GATEWAY_KEY = 'gw-key-1';
    session.server.script = () => ({ status: 401 });
    const viaOpenAi = await triggersWith(
      ...openai,
      '--base-url',
      session.server.openaiBaseURL,
      '--api-key-env',
      'GATEWAY_KEY',
    );
    expect(session.server.received.at(-1)?.headers.authorization).toBe('Bearer gw-key-1');
    expect(firstError(viaOpenAi)).toContain('Check the API key: the key sent came from GATEWAY_KEY.');
    const viaAnthropic = await triggersWith(
      '--anthropic',
      '--model',
      'm1',
      '--base-url',
      session.server.anthropicBaseURL,
      '--api-key-env',
      'GATEWAY_KEY',
    );
    expect(session.server.received.at(-1)?.headers.authorization).toBe('Bearer gw-key-1');
    expect(firstError(viaAnthropic)).toContain('the key sent came from GATEWAY_KEY.');
    const bad = await triggersWith(...openai, '--api-key-env', 'sk-not-a-name');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--api-key-env takes the name of an environment variable');
  });

  it('says no key was sent when the variable is not set, instead of asking to set one already set', async () => {
    delete process.env.OPENAI_API_KEY;
    session.server.script = () => ({ status: 401 });
    const out = await triggersWith(...openai, '--base-url', session.server.openaiBaseURL);
    expect(session.server.received[0]?.headers.authorization).toBe('Bearer not-needed');
    expect(firstError(out)).toContain('Check the API key: no key was sent: OPENAI_API_KEY is not set.');
  });

  it('sends a base URL from a providers file inside a library root no key unless trusted and named there', async () => {
    process.env.OPENAI_API_KEY = 'sk-real-openai-key';
    process.env.GW_KEY = 'gw-named-key';
    session.server.script = () => ({ status: 401 });
    const root = mkdtempSync(join(tmpdir(), 'skillbench-root-providers-'));
    cpSync(LIBRARY, root, { recursive: true });
    const file = join(root, 'providers.json');
    const write = (extra: object) =>
      writeFileSync(
        file,
        JSON.stringify({
          providers: [
            { name: 'gw', kind: 'openai', model: 'm', baseURL: session.server.openaiBaseURL, ...extra },
          ],
        }),
      );
    const fromRoot = (...extra: string[]) =>
      runCaptured([
        'eval',
        'triggers',
        join(root, 'csv-report'),
        '--root',
        root,
        '--provider',
        'gw',
        '--providers',
        file,
        '--runs',
        '1',
        '--retries',
        '0',
        '--no-cache',
        // One request at a time: the first 401 stops the run before another is sent (none lands in the next test).
        '--concurrency',
        '1',
        '--format',
        'json',
        ...extra,
      ]);
    write({});
    const untrusted = await fromRoot();
    expect(session.server.received.at(-1)?.headers.authorization).toBe('Bearer not-needed');
    expect(firstError(untrusted)).toContain(
      `Check the API key: no key was sent: its base URL comes from ${file}, inside the library root ${root}, and the root is not trusted and the file names no variable (apiKeyEnv).`,
    );
    await fromRoot('--trust');
    expect(session.server.received.at(-1)?.headers.authorization).toBe('Bearer not-needed'); // trusted, names nothing
    write({ apiKeyEnv: 'GW_KEY' });
    await fromRoot();
    expect(session.server.received.at(-1)?.headers.authorization).toBe('Bearer not-needed'); // named, not trusted
    await fromRoot('--trust');
    expect(session.server.received.at(-1)?.headers.authorization).toBe('Bearer gw-named-key');
    const flag = await fromRoot('--api-key-env', 'OPENAI_API_KEY');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain(
      `--api-key-env cannot send OPENAI_API_KEY to the base URL of "gw": it comes from ${file}`,
    );
    // A base URL typed on the command line is the user's own: it is sent the kind's key.
    write({});
    await fromRoot('--base-url', session.server.openaiBaseURL);
    expect(session.server.received.at(-1)?.headers.authorization).toBe('Bearer sk-real-openai-key');
  });
});
