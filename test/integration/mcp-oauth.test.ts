// Issue 16: OAuth 2.1 for remote MCP servers, against an authorization server of our own on loopback: metadata
// discovery, dynamic registration, PKCE, tokens kept (encrypted when a cipher is given) and reused by another
// process, refresh after expiry, a revoked token signing in again, a refused sign-in, a forged redirect.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/index.js';
import type { McpClientSide } from '../../electron/core/mcp/client-side.js';
import { parseMcpConfig, type McpServerConfig } from '../../electron/core/mcp/config.js';
import { McpCredentialFile, McpOAuthProvider, MemoryCredentialStore } from '../../electron/core/mcp/oauth.js';
import { McpPool } from '../../electron/core/mcp/pool.js';
import { failure, REPO } from '../helpers.js';
import { signIn, startOAuthServer, type OAuthTestServer } from '../oauth-server.js';

const text = (r: { content: Array<{ type: string; text?: string }> }) =>
  r.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');

/** A browser that signs in at once: follows the authorization redirect back to Skillbench's loopback listener. */
function browser() {
  const opened: URL[] = [];
  const open = async (_server: string, url: URL) => {
    opened.push(url);
    await signIn(url);
  };
  return { opened, open };
}

describe('OAuth for remote MCP servers', () => {
  let auth: OAuthTestServer;
  const pools: McpPool[] = [];
  let dir: string;
  const config = (extra: Partial<McpServerConfig> = {}): McpServerConfig => ({
    url: auth.mcpUrl,
    transport: 'http',
    typeGiven: true,
    source: 'test',
    ...extra,
  });
  const pool = (side: McpClientSide, extra: Partial<McpServerConfig> = {}) => {
    const p = new McpPool({ remote: config(extra) }, side);
    pools.push(p);
    return p;
  };

  beforeAll(async () => {
    auth = await startOAuthServer();
    dir = mkdtempSync(join(tmpdir(), 'skillbench-oauth-'));
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });
  afterAll(() => auth.close());

  it('signs in on first connect: discovers the servers, registers, PKCE (S256), then calls the tool', async () => {
    const b = browser();
    const before = { ...auth.counts };
    const store = new McpCredentialFile(join(dir, 'first.json'));
    const result = await pool({ credentials: store, authorize: b.open }).callTool('remote', 'whoami', {});
    expect(text(result)).toMatch(/^client client-\d+$/);
    expect(b.opened).toHaveLength(1);
    expect(b.opened[0]?.origin).toBe(auth.url);
    expect(b.opened[0]?.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(auth.counts.registrations - before.registrations).toBe(1);
    expect(auth.counts.codeGrants - before.codeGrants).toBe(1);
    expect(auth.challengeMethods.at(-1)).toBe('S256');
  });

  it('keeps the tokens in a private file another process reuses without opening the browser', async () => {
    const file = join(dir, 'shared.json');
    const first = browser();
    await pool({ credentials: new McpCredentialFile(file), authorize: first.open }).callTool(
      'remote',
      'whoami',
      {},
    );
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = readFileSync(file, 'utf8');
    expect(saved).toContain('access_token');
    expect(saved).not.toContain('code_verifier');
    const second = browser();
    const grants = auth.counts.codeGrants;
    const result = await pool({
      credentials: new McpCredentialFile(file),
      authorize: second.open,
    }).callTool('remote', 'whoami', {});
    expect(text(result)).toMatch(/^client client-/);
    expect(second.opened).toHaveLength(0);
    expect(auth.counts.codeGrants).toBe(grants);
  });

  it('encrypts each entry when a cipher is given (the app: the OS keychain through safeStorage)', async () => {
    const file = join(dir, 'encrypted.json');
    const cipher = {
      encrypt: (s: string) => Buffer.from(s).toString('base64').split('').reverse().join(''),
      decrypt: (s: string) => Buffer.from(s.split('').reverse().join(''), 'base64').toString(),
    };
    await pool({ credentials: new McpCredentialFile(file, cipher), authorize: browser().open }).callTool(
      'remote',
      'whoami',
      {},
    );
    const saved = readFileSync(file, 'utf8');
    expect(saved).not.toContain('access_token');
    expect(new McpCredentialFile(file, cipher).load(auth.mcpUrl)?.tokens?.access_token).toBeTruthy();
    // Another keychain cannot read it: the user signs in again rather than seeing an error.
    expect(new McpCredentialFile(file).load(auth.mcpUrl)).toBeUndefined();
  });

  it('refreshes an expired access token on the next call, without the browser', async () => {
    const b = browser();
    const p = pool({ credentials: new MemoryCredentialStore(), authorize: b.open });
    await p.callTool('remote', 'whoami', {});
    auth.expireAccessTokens();
    const refreshes = auth.counts.refreshGrants;
    const result = await p.callTool('remote', 'whoami', {});
    expect(text(result)).toMatch(/^client client-/);
    expect(auth.counts.refreshGrants).toBe(refreshes + 1);
    expect(b.opened).toHaveLength(1);
  });

  it('signs in again when the tokens were revoked (the refresh token too)', async () => {
    const store = new MemoryCredentialStore();
    const b = browser();
    await pool({ credentials: store, authorize: b.open }).callTool('remote', 'whoami', {});
    auth.revokeAll();
    const again = browser();
    const result = await pool({ credentials: store, authorize: again.open }).callTool('remote', 'whoami', {});
    expect(text(result)).toMatch(/^client client-/);
    expect(again.opened).toHaveLength(1);
  });

  it('a revocation during a session fails the call with a way out, and the next connection signs in', async () => {
    const store = new MemoryCredentialStore();
    const b = browser();
    const p = pool({ credentials: store, authorize: b.open });
    await p.callTool('remote', 'whoami', {});
    auth.revokeAll();
    const error = await failure(p.callTool('remote', 'whoami', {}));
    expect(error.message).toMatch(/sign in again/i);
    await p.restart('remote');
    expect(text(await p.callTool('remote', 'whoami', {}))).toMatch(/^client client-/);
    expect(b.opened).toHaveLength(2);
  });

  it('reports a refused sign-in in the server’s words', async () => {
    auth.denyNext();
    const error = await failure(
      pool({ credentials: new MemoryCredentialStore(), authorize: browser().open }).callTool(
        'remote',
        'whoami',
        {},
      ),
    );
    expect(error.message).toMatch(/Signing in to MCP server "remote" failed: The user said no/);
  });

  it('ignores a redirect that does not carry the state it sent, and takes the real one', async () => {
    const open = async (_server: string, url: URL) => {
      const r = await fetch(url, { redirect: 'manual' });
      const back = new URL(r.headers.get('location') ?? '');
      const forged = new URL(back);
      forged.searchParams.set('state', 'forged');
      forged.searchParams.set('code', 'attacker-code');
      expect((await fetch(forged)).status).toBe(400);
      await fetch(back);
    };
    const result = await pool({ credentials: new MemoryCredentialStore(), authorize: open }).callTool(
      'remote',
      'whoami',
      {},
    );
    expect(text(result)).toMatch(/^client client-/);
  });

  it('fails with a clear message when the browser never comes back', async () => {
    const error = await failure(
      pool({
        credentials: new MemoryCredentialStore(),
        authorize: () => undefined,
        signInWaitMs: 300,
      }).callTool('remote', 'whoami', {}),
    );
    expect(error.message).toMatch(/needs you to sign in, and the browser did not come back/);
  });

  it('does not sign in with "oauth": false or a static Authorization header', async () => {
    for (const extra of [{ oauth: false as const }, { headers: { Authorization: 'Bearer static' } }]) {
      const b = browser();
      await failure(
        pool({ credentials: new MemoryCredentialStore(), authorize: b.open }, extra).callTool(
          'remote',
          'whoami',
          {},
        ),
      );
      expect(b.opened).toHaveLength(0);
    }
  });
});

describe('OAuth over the older HTTP+SSE transport', () => {
  let auth: OAuthTestServer;
  const pools: McpPool[] = [];
  const pool = (side: McpClientSide) => {
    const p = new McpPool(
      { remote: { url: auth.sseUrl, transport: 'sse', typeGiven: true, source: 'test' } },
      side,
    );
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    auth = await startOAuthServer();
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });
  afterAll(() => auth.close());

  it('signs in when the event stream answers 401: discovery for /sse, registration, PKCE, then the call', async () => {
    const b = browser();
    const store = new MemoryCredentialStore();
    const p = pool({ credentials: store, authorize: b.open });
    const result = await p.callTool('remote', 'whoami', {});
    expect(text(result)).toMatch(/^client client-\d+$/);
    expect((await p.info('remote')).transport).toBe('sse');
    expect(b.opened).toHaveLength(1);
    // The authorization request names the SSE endpoint as the resource (RFC 8707), from its own metadata.
    expect(b.opened[0]?.searchParams.get('resource')).toBe(auth.sseUrl);
    expect(auth.counts).toMatchObject({ registrations: 1, codeGrants: 1 });
    expect(auth.challengeMethods).toEqual(['S256']);
    // Another connection with the same store needs no browser.
    const again = browser();
    expect(
      text(await pool({ credentials: store, authorize: again.open }).callTool('remote', 'whoami', {})),
    ).toMatch(/^client client-/);
    expect(again.opened).toHaveLength(0);
  });

  it('sends a static Authorization header with the event stream and each message, and then does not sign in', async () => {
    const store = new MemoryCredentialStore();
    await pool({ credentials: store, authorize: browser().open }).callTool('remote', 'whoami', {});
    const token = store.load(auth.sseUrl)?.tokens?.access_token;
    expect(token).toBeTruthy();
    const b = browser();
    const p = new McpPool(
      {
        remote: {
          url: auth.sseUrl,
          transport: 'sse',
          typeGiven: true,
          source: 'test',
          headers: { Authorization: `Bearer ${token}` },
        },
      },
      { credentials: new MemoryCredentialStore(), authorize: b.open },
    );
    pools.push(p);
    expect(text(await p.callTool('remote', 'whoami', {}))).toMatch(/^client client-/);
    expect(b.opened).toHaveLength(0);
  });

  it('refreshes an expired token when connecting again, without the browser', async () => {
    const store = new MemoryCredentialStore();
    const b = browser();
    await pool({ credentials: store, authorize: b.open }).callTool('remote', 'whoami', {});
    auth.expireAccessTokens();
    const refreshes = auth.counts.refreshGrants;
    expect(
      text(await pool({ credentials: store, authorize: b.open }).callTool('remote', 'whoami', {})),
    ).toMatch(/^client client-/);
    expect(auth.counts.refreshGrants).toBe(refreshes + 1);
    expect(b.opened).toHaveLength(1);
  });

  it('a token revoked during a session fails the posted call with a way out; the next connection signs in', async () => {
    const store = new MemoryCredentialStore();
    const b = browser();
    const p = pool({ credentials: store, authorize: b.open });
    await p.callTool('remote', 'whoami', {});
    auth.revokeAll();
    const error = await failure(p.callTool('remote', 'whoami', {}));
    expect(error.message).toMatch(/sign in again/i);
    await p.restart('remote');
    expect(text(await p.callTool('remote', 'whoami', {}))).toMatch(/^client client-/);
    expect(b.opened).toHaveLength(2);
  });
});

describe('skillbench mcp against a server that needs OAuth', () => {
  let auth: OAuthTestServer;
  const env = { ...process.env };
  beforeAll(async () => {
    auth = await startOAuthServer();
    process.env.SKILLBENCH_DATA_DIR = mkdtempSync(join(tmpdir(), 'skillbench-oauth-cli-'));
    process.env.SKILLBENCH_NO_BROWSER = '1';
  });
  afterAll(async () => {
    process.env = env;
    await auth.close();
  });

  /** Runs the CLI; the "user" opens the sign-in link the CLI prints, as they would in a browser. */
  async function cli(args: string[]) {
    let stdout = '';
    let stderr = '';
    const signIns: Array<Promise<unknown>> = [];
    const code = await runCli(args, {
      cwd: REPO,
      stdout: (t) => void (stdout += t),
      stderr: (t) => {
        stderr += t;
        const link = /Opening your browser at:\n {2}(\S+)/.exec(t)?.[1];
        if (link) signIns.push(signIn(link));
      },
    });
    await Promise.all(signIns);
    return { code, stdout, stderr, signIns: signIns.length };
  }

  it('prints the sign-in link, keeps the tokens in the data folder, and does not ask again', async () => {
    const config = join(process.env.SKILLBENCH_DATA_DIR ?? '', 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { remote: { type: 'http', url: auth.mcpUrl } } }));
    const first = await cli(['mcp', 'call', 'remote', 'whoami', '--mcp-config', config, '--trust']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.signIns).toBe(1);
    expect(first.stderr).toMatch(/MCP server "remote" asks you to sign in/);
    expect(first.stdout).toMatch(/client client-/);
    const kept = join(process.env.SKILLBENCH_DATA_DIR ?? '', 'mcp-credentials.json');
    expect(readFileSync(kept, 'utf8')).toContain(auth.mcpUrl);
    const second = await cli(['mcp', 'call', 'remote', 'whoami', '--mcp-config', config, '--trust']);
    expect(second.code).toBe(0);
    expect(second.signIns).toBe(0);
  });
});

describe('the "oauth" key of an mcpServers entry', () => {
  const parse = (entry: Record<string, unknown>) =>
    parseMcpConfig({ mcpServers: { s: entry } }, 'mcp.json', '/r', '/r');

  it('accepts false or a client id and scope, and exports them back', () => {
    expect(parse({ url: 'https://x.test/mcp', oauth: false }).s?.oauth).toBe(false);
    expect(parse({ url: 'https://x.test/mcp', oauth: { clientId: 'abc', scope: 'read' } }).s?.oauth).toEqual({
      clientId: 'abc',
      scope: 'read',
    });
  });

  it('refuses other values and stdio servers, naming the key', () => {
    expect(() => parse({ url: 'https://x.test/mcp', oauth: 'yes' })).toThrow(
      /mcpServers\.s\.oauth: use false/,
    );
    expect(() => parse({ url: 'https://x.test/mcp', oauth: { secret: 'x' } })).toThrow(/oauth: use false/);
    expect(() => parse({ command: 'node', oauth: false })).toThrow(/only a "url" server signs in/);
  });
});

describe('the loopback redirect page', () => {
  it("shows a hostile server's error text escaped, without control characters, and capped", async () => {
    const provider = new McpOAuthProvider({
      server: 'hostile',
      serverUrl: 'http://127.0.0.1:1/mcp',
      store: new MemoryCredentialStore(),
      open: () => undefined,
    });
    await provider.listen();
    try {
      const state = provider.state();
      await provider.redirectToAuthorization(new URL(`https://auth.example/authorize?state=${state}`));
      const waited = provider.waitForCode().catch((e: Error) => e.message);
      const back = new URL(String(provider.redirectUrl));
      back.searchParams.set('state', state);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', `<script>alert(1)</script>\u001b[2J${'x'.repeat(1000)}`);
      const page = await (await fetch(back)).text();
      expect(page).not.toContain('<script>');
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      const message = await waited;
      expect(message).toMatch(/failed: <script>alert\(1\)<\/script> \[2Jx+…\.$/);
      expect(message).not.toMatch(/\p{Cc}/u);
      expect(message.length).toBeLessThan(450);
    } finally {
      await provider.close();
    }
  });
});
