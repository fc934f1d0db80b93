// The IPC contract served by the host: every channel answers, requests are checked, paths stay inside the roots,
// errors come back as values.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, methodName, type IpcResult, type SkillsChanged } from '../../../shared/ipc.js';
import type { LibraryEntry, ListedEntry } from '../../../shared/types.js';
import { Host } from '../../../electron/host/host.js';
import { copyFixtures, REPO } from '../../helpers.js';

let host: Host;
let userRoot: string;
let dataDir: string;

async function ok<T = unknown>(channel: string, request: unknown = {}): Promise<T> {
  const r = (await host.handle(channel, request)) as IpcResult<T>;
  if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}
async function err(channel: string, request: unknown = {}) {
  const r = await host.handle(channel, request);
  if (r.ok) throw new Error(`${channel} was expected to fail`);
  return r.error;
}

beforeAll(() => {
  userRoot = copyFixtures('editing');
  dataDir = mkdtempSync(join(tmpdir(), 'skillbench-host-'));
  host = new Host({ bundledSkills: join(REPO, 'skills'), userDataDir: dataDir });
});
afterAll(async () => host.close());

describe('the contract', () => {
  it('answers every channel, refusing malformed requests with InvalidArgs', async () => {
    for (const channel of CHANNELS) {
      const r = await host.handle(channel, { unexpected: true });
      expect(r, channel).toMatchObject({ ok: false, error: { code: 'InvalidArgs' } });
    }
    expect(await err('nope:channel')).toMatchObject({ code: 'NotFound' });
    expect(methodName('skills:save-file')).toBe('skillsSaveFile');
  });
});

describe('roots and skills', () => {
  it('adds and removes user roots, which the library then holds', async () => {
    const roots = await ok<Array<{ id: string; kind: string }>>('roots:add', { path: userRoot });
    expect(roots.map((r) => r.kind)).toEqual(['user', 'bundled']);
    const { entries } = await ok<{ entries: Array<{ id: string }> }>('skills:list');
    expect(entries.map((e) => e.id)).toContain(`${roots[0]?.id}/commented-skill`);
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({
      roots: [userRoot],
    });
    expect(await err('roots:remove', { id: 'bundled' })).toMatchObject({ code: 'PermissionDenied' });
  });

  it('reads and saves files with conflict detection, and reports changes', async () => {
    const path = join(userRoot, 'commented-skill', 'SKILL.md');
    const file = await ok<{ text: string; hash: string }>('skills:read-file', { path });
    const changed: string[][] = [];
    const off = host.on('skills:changed', (e) => changed.push(e.ids));
    const saved = await ok<{ hash: string }>('skills:save-file', {
      path,
      text: file.text.replace('Body stays.', 'Body edited.'),
      expectedHash: file.hash,
    });
    off();
    expect(readFileSync(path, 'utf8')).toContain('Body edited.');
    expect(changed).toHaveLength(1);
    expect(await err('skills:save-file', { path, text: 'stale', expectedHash: file.hash })).toMatchObject({
      code: 'Conflict',
      details: { currentHash: saved.hash },
    });
  });

  it('saves a file with or without its byte order mark as asked, and the file-bom finding follows', async () => {
    const path = join(userRoot, 'commented-skill', 'SKILL.md');
    const codes = async () => {
      const { entries } = await ok<{ entries: ListedEntry[] }>('skills:list');
      return entries.find((e) => e.path === path)?.diagnostics.map((d) => d.code);
    };
    const text = readFileSync(path, 'utf8');
    const before = await ok<{ hash: string }>('skills:read-file', { path });
    await ok('skills:save-file', { path, text, expectedHash: before.hash, bom: true });
    expect(readFileSync(path, 'utf8')).toBe(`\uFEFF${text}`);
    expect(await codes()).toContain('file-bom');
    const file = await ok<{ text: string; hash: string; bom: boolean }>('skills:read-file', { path });
    expect(file).toMatchObject({ text, bom: true });
    await ok('skills:save-file', { path, text: file.text, expectedHash: file.hash, bom: false });
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(await codes()).not.toContain('file-bom');
  });

  it('lists skills without their instructions, which skills:get returns (issue 14: a 10,000-skill list)', async () => {
    const path = join(userRoot, 'commented-skill', 'SKILL.md');
    const { entries } = await ok<{ entries: ListedEntry[] }>('skills:list');
    const listed = entries.find((e) => e.path === path);
    expect(listed?.skill?.name).toBe('commented-skill');
    expect(entries.filter((e) => e.skill && 'instructions' in e.skill)).toEqual([]);
    const whole = await ok<LibraryEntry>('skills:get', { id: listed?.id });
    expect(whole.skill?.instructions).toContain('Body edited.');
    expect({ ...whole, skill: { ...whole.skill, instructions: undefined } }).toEqual({
      ...listed,
      skill: { ...listed?.skill, instructions: undefined },
    });

    const events: SkillsChanged[] = [];
    const off = host.on('skills:changed', (e) => events.push(e));
    const file = await ok<{ text: string; hash: string }>('skills:read-file', { path });
    await ok('skills:save-file', {
      path,
      text: file.text.replace('Body edited.', 'Body again.'),
      expectedHash: file.hash,
    });
    off();
    expect(events.flatMap((e) => e.entries).map((e) => e.path)).toEqual([path]);
    expect(events.flatMap((e) => e.entries).filter((e) => e.skill && 'instructions' in e.skill)).toEqual([]);
    const again = await ok<LibraryEntry>('skills:get', { id: listed?.id });
    expect(again.skill?.instructions).toContain('Body again.');
  });

  it('refuses paths outside the roots, traversal and links out included', async () => {
    expect(await err('skills:read-file', { path: '/etc/passwd' })).toMatchObject({
      code: 'PermissionDenied',
    });
    expect(
      await err('skills:read-file', { path: join(userRoot, '..', '..', 'etc', 'passwd') }),
    ).toMatchObject({ code: 'PermissionDenied' });
    expect(await err('skills:read-file', { path: 'relative/SKILL.md' })).toMatchObject({
      code: 'PermissionDenied',
    });
    symlinkSync('/etc', join(userRoot, 'etc-link'));
    expect(await err('skills:read-file', { path: join(userRoot, 'etc-link', 'hostname') })).toMatchObject({
      code: 'PermissionDenied',
    });
    expect(
      await err('skills:save-file', {
        path: join(userRoot, 'etc-link', 'evil'),
        text: 'x',
        expectedHash: null,
      }),
    ).toMatchObject({ code: 'PermissionDenied' });
    expect(await err('skills:validate-text', { path: '/tmp/x/SKILL.md', text: '' })).toMatchObject({
      code: 'PermissionDenied',
    });
  });

  it('keeps drafts across a restart of the host, inside the roots only, and drops one when its file is saved', async () => {
    const path = join(userRoot, 'commented-skill', 'SKILL.md');
    const file = await ok<{ text: string; hash: string }>('skills:read-file', { path });
    await ok('drafts:put', { path, text: 'unsaved work', baseHash: file.hash });
    expect(await err('drafts:put', { path: '/etc/passwd', text: 'x', baseHash: null })).toMatchObject({
      code: 'PermissionDenied',
    });
    const restarted = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: dataDir,
      watch: false,
    });
    const after = (await restarted.handle('drafts:list', {})) as IpcResult<
      Array<{ path: string; text: string }>
    >;
    await restarted.close();
    expect(after.ok && after.value).toEqual([
      expect.objectContaining({ path, text: 'unsaved work', baseHash: file.hash }),
    ]);
    await ok('skills:save-file', { path, text: file.text, expectedHash: file.hash });
    expect(await ok('drafts:list')).toEqual([]);
    await ok('drafts:put', { path, text: 'again', baseHash: null });
    await ok('drafts:discard', { path });
    expect(await ok('drafts:list')).toEqual([]);
  });

  it('refuses MCP servers in settings that a root mcp.json would refuse, saving nothing', async () => {
    const before = await ok('settings:get');
    expect(await err('settings:set', { settings: { mcpServers: { bad: { args: ['x'] } } } })).toMatchObject({
      code: 'ConfigValidation',
    });
    expect(
      (await err('settings:set', { settings: { mcpServers: { bad: { args: ['x'] } } } })).message,
    ).toContain('mcpServers.bad: give either "command"');
    expect(await ok('settings:get')).toEqual(before);
  });

  it('validates unsaved text', async () => {
    const diags = await ok<Array<{ code: string; line: number }>>('skills:validate-text', {
      path: join(userRoot, 'commented-skill', 'SKILL.md'),
      text: '---\nname: commented-skill\ndescription: 5\n---\nx\n',
    });
    expect(diags.map((d) => [d.code, d.line])).toEqual([['description-type', 3]]);
  });

  it('creates, duplicates, renames and deletes skills in user roots only', async () => {
    process.env.XDG_DATA_HOME = mkdtempSync(join(tmpdir(), 'skillbench-xdg-'));
    const roots = await ok<Array<{ id: string; kind: string }>>('roots:list');
    const rootId = roots.find((r) => r.kind === 'user')?.id ?? '';
    const { path } = await ok<{ path: string }>('skills:create', { rootId, name: 'made-here' });
    expect(existsSync(join(path, 'SKILL.md'))).toBe(true);
    expect(await err('skills:create', { rootId: 'bundled', name: 'nope' })).toMatchObject({
      code: 'PermissionDenied',
    });
    const copy = await ok<{ path: string }>('skills:duplicate', {
      id: `${rootId}/made-here`,
      name: 'made-twice',
    });
    const renamed = await ok<{ path: string }>('skills:rename', {
      id: `${rootId}/made-twice`,
      name: 'renamed-copy',
    });
    expect(existsSync(copy.path)).toBe(false);
    expect(readFileSync(join(renamed.path, 'SKILL.md'), 'utf8')).toContain('name: renamed-copy');
    const deleted = await ok<{ trashedTo: string }>('skills:delete', { id: `${rootId}/renamed-copy` });
    expect(existsSync(renamed.path)).toBe(false);
    expect(existsSync(deleted.trashedTo)).toBe(true);
    expect(await ok<string[]>('skills:list-files', { id: `${rootId}/made-here` })).toEqual(['SKILL.md']);
  });

  it('keeps the bundled examples read-only, and copies one into a root of the user', async () => {
    const bundledManifest = join(REPO, 'skills', 'text-toolkit', 'SKILL.md');
    const before = readFileSync(bundledManifest, 'utf8');
    const file = await ok<{ hash: string }>('skills:read-file', { path: bundledManifest });
    const refusals = [
      await err('skills:save-file', { path: bundledManifest, text: 'x', expectedHash: file.hash }),
      await err('skills:rename', { id: 'bundled/text-toolkit', name: 'other' }),
      await err('skills:delete', { id: 'bundled/text-toolkit' }),
      await err('skills:duplicate', { id: 'bundled/text-toolkit', name: 'tt' }),
      await err('cases:save', { skillId: 'bundled/text-toolkit', name: 'x', case: { tool: 'echo' } }),
    ];
    for (const e of refusals) {
      expect(e.code).toBe('PermissionDenied');
      expect(e.message).toContain('read-only');
    }
    expect(readFileSync(bundledManifest, 'utf8')).toBe(before);
    const roots = await ok<Array<{ id: string; kind: string }>>('roots:list');
    const rootId = roots.find((r) => r.kind === 'user')?.id ?? '';
    const copy = await ok<{ path: string }>('skills:duplicate', {
      id: 'bundled/text-toolkit',
      name: 'my-toolkit',
      rootId,
    });
    expect(copy.path).toBe(join(userRoot, 'my-toolkit'));
    expect(readFileSync(join(copy.path, 'SKILL.md'), 'utf8')).toContain('name: my-toolkit');
  });
});

describe('tools, history and cases', () => {
  it('runs a tool, with a finished event, and records it in the history', async () => {
    const finished: unknown[] = [];
    const off = host.on('runs:finished', (e) => finished.push(e));
    const out = await ok<{ output: string }>('tools:run', {
      runId: 'r1',
      skillId: 'bundled/text-toolkit',
      tool: 'echo',
      args: { text: 'via host' },
    });
    off();
    expect(out.output).toBe('via host');
    expect(finished).toEqual([{ runId: 'r1' }]); // the output is the call's answer, not re-sent to every window
    const [latest] = await ok<Array<{ id: string; output: string }>>('history:list', { limit: 1 });
    expect(latest?.output).toBe('via host');
    expect(await ok('history:pin', { id: latest?.id, pinned: true })).toMatchObject({ pinned: true });
    expect(
      await err('tools:run', { runId: 'r2', skillId: 'bundled/text-toolkit', tool: 'echo', args: {} }),
    ).toMatchObject({ code: 'InvalidArgs' });
    // The contract caps the timeout (issue 12: above ~2.1e6 s Node's timer overflowed and fired at once).
    const tooLong = await err('tools:run', {
      runId: 'r3',
      skillId: 'bundled/text-toolkit',
      tool: 'echo',
      args: { text: 'x' },
      timeoutSecs: 3e6,
    });
    expect(tooLong).toMatchObject({
      code: 'InvalidArgs',
      message: expect.stringMatching(/timeoutSecs must be <= 86400/) as string,
    });
  });

  it('cancels a running tool by its run id', async () => {
    const root = copyFixtures('tools');
    await ok('roots:add', { path: root });
    const roots = await ok<Array<{ id: string; path: string }>>('roots:list');
    const rootId = roots.find((r) => r.path === root)?.id ?? '';
    await ok('roots:trust', { id: rootId, trusted: true });
    const running = host.handle('tools:run', {
      runId: 'slow-1',
      skillId: `${rootId}/proc`,
      tool: 'slow',
      args: {},
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(await ok('runs:cancel', { runId: 'slow-1' })).toEqual({ cancelled: true });
    expect(await running).toMatchObject({ ok: false, error: { code: 'Cancelled' } });
  });

  it('lists, saves and runs cases', async () => {
    const cases = await ok<Array<{ name: string }>>('cases:list', { skillId: 'bundled/text-toolkit' });
    expect(cases.map((c) => c.name)).toEqual(['echo', 'encode', 'missing-arg']);
    const results = await ok<Array<{ passed: boolean }>>('cases:run', { skillId: 'bundled/text-toolkit' });
    expect(results.every((r) => r.passed)).toBe(true);
    const roots = await ok<Array<{ id: string; kind: string }>>('roots:list');
    const rootId = roots.find((r) => r.kind === 'user')?.id ?? '';
    const saved = await ok<{ path: string }>('cases:save', {
      skillId: `${rootId}/commented-skill`,
      name: 'hello',
      case: { tool: 'x', args: {} },
    });
    expect(JSON.parse(readFileSync(saved.path, 'utf8'))).toEqual({ tool: 'x', args: {} });
    expect(
      await err('cases:save', {
        skillId: `${rootId}/commented-skill`,
        name: '../escape',
        case: { tool: 'x' },
      }),
    ).toMatchObject({ code: 'InvalidArgs' });
  });
});

describe('changes made outside the app', () => {
  it('notices a file edited on disk and reports the skill that changed (debounced)', async () => {
    await host.whenWatching();
    await new Promise((r) => setTimeout(r, 400)); // let the watcher report what earlier tests wrote
    const roots = await ok<Array<{ id: string; kind: string }>>('roots:list');
    const rootId = roots.find((r) => r.kind === 'user')?.id ?? '';
    const events: string[][] = [];
    const off = host.on('skills:changed', (e) => events.push(e.ids));
    const path = join(userRoot, 'commented-skill', 'SKILL.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('Body', 'Edited outside: body'));
    writeFileSync(path, readFileSync(path, 'utf8').replace('Edited outside', 'Edited twice outside'));
    for (let i = 0; i < 50 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    off();
    expect(events).toHaveLength(1);
    expect(events[0]).toContain(`${rootId}/commented-skill`);
    const entry = await ok<{ skill: { instructions: string } }>('skills:get', {
      id: `${rootId}/commented-skill`,
    });
    expect(entry.skill.instructions).toContain('Edited twice outside');
  });
});

describe('changes made by the app itself', () => {
  it('a save is reported once: the watcher does not reload the library again for the app’s own write', async () => {
    const path = join(userRoot, 'commented-skill', 'SKILL.md');
    const file = await ok<{ text: string; hash: string }>('skills:read-file', { path });
    await host.whenWatching();
    await new Promise((r) => setTimeout(r, 400)); // let earlier watcher events settle
    const events: string[][] = [];
    const off = host.on('skills:changed', (e) => events.push(e.ids));
    await ok('skills:save-file', { path, text: `${file.text}Saved by the app.\n`, expectedHash: file.hash });
    await new Promise((r) => setTimeout(r, 800)); // longer than the watcher's debounce
    off();
    expect(events).toHaveLength(1);
  });
});

describe('app channels', () => {
  it('reports where data lives, and refuses native-only actions in browser mode', async () => {
    expect(await ok('app:get-paths')).toMatchObject({
      userData: dataDir,
      history: join(dataDir, 'history.jsonl'),
      settings: join(dataDir, 'settings.json'),
    });
    expect(await ok('app:open-external', { url: 'https://example.com' })).toEqual({ opened: false });
    expect(await err('app:open-external', { url: 'file:///etc/passwd' })).toMatchObject({
      code: 'PermissionDenied',
    });
    expect(await err('app:pick-folder', {})).toMatchObject({ code: 'Disabled' });
  });

  it('searches the history and reports one MCP server’s status', async () => {
    expect(
      (await ok<Array<{ output: string }>>('history:search', { query: 'VIA HOST' })).map((e) => e.output),
    ).toEqual(['via host']);
    expect(await ok('mcp:status', { name: 'demo' })).toMatchObject({ name: 'demo', transport: 'stdio' });
    expect(await err('mcp:status', { name: 'nope' })).toMatchObject({ code: 'NotFound' });
  });
});

describe('MCP servers and settings', () => {
  it('lists and restarts MCP servers', async () => {
    const servers = await ok<Array<{ name: string }>>('mcp:list');
    expect(servers.map((s) => s.name)).toContain('demo');
    expect(await ok('mcp:restart', { name: 'demo' })).toMatchObject({
      name: 'demo',
      state: 'connected',
      tools: [{ name: 'echo' }, { name: 'add' }],
    });
  });

  it('gets and sets settings, refusing invalid ones', async () => {
    expect(await ok('settings:set', { settings: { theme: 'dark' } })).toMatchObject({ theme: 'dark' });
    expect(await err('settings:set', { settings: { theme: 'neon' } })).toMatchObject({ code: 'InvalidArgs' });
    expect(await ok('settings:get')).toMatchObject({ theme: 'dark', profile: 'skillbench' });
    writeFileSync(join(dataDir, 'settings.json'), '{ broken');
    const fresh = new Host({ bundledSkills: join(REPO, 'skills'), userDataDir: dataDir, watch: false });
    expect(await fresh.handle('settings:get', {})).toMatchObject({ ok: true, value: { theme: 'system' } });
    // The broken file was moved aside, not replaced, and the app can say so (issue 12).
    const notices = (await fresh.handle('app:get-notices', {})) as IpcResult<
      Array<{ backup: string; message: string }>
    >;
    expect(notices.ok && notices.value[0]?.message).toMatch(/settings\.json could not be read .* moved to/);
    expect(notices.ok && readFileSync(notices.value[0]?.backup ?? '', 'utf8')).toBe('{ broken');
    await fresh.close();
  });

  it('throttles and caps a run’s progress: a tool printing 8 MiB sends at most 1 MiB in few events', async () => {
    const flood = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-flood-')),
      projectRoots: [join(REPO, 'test', 'fixtures', 'hardening')],
      watch: false,
      trustProjectRoots: true,
    });
    const events: Array<{ message?: string; truncated?: boolean }> = [];
    flood.on('runs:progress', (p) => events.push(p));
    const r = await flood.handle('tools:run', {
      runId: 'flood-1',
      skillId: 'hardening/flood',
      tool: 'print',
      args: { bytes: 8 * 1024 * 1024 },
    });
    expect(r.ok && (r.value as { output: string }).output).toMatch(/stdout truncated at 1 MiB/);
    const text = events.map((e) => e.message ?? '').join('');
    expect(text.length).toBeLessThanOrEqual(1024 * 1024 + 200);
    expect(text).toMatch(/progress truncated at 1 MiB/);
    expect(events.length).toBeLessThan(200); // one per 50 ms at most, not one per chunk
    await flood.close();
  });

  it('applies history limits changed in settings at once', async () => {
    const data = mkdtempSync(join(tmpdir(), 'skillbench-limits-'));
    const h = new Host({ bundledSkills: join(REPO, 'skills'), userDataDir: data, watch: false });
    for (let i = 0; i < 5; i++)
      await h.handle('tools:run', {
        runId: `l${i}`,
        skillId: 'bundled/text-toolkit',
        tool: 'uuid',
        args: {},
      });
    expect(await h.handle('history:list', {})).toMatchObject({ ok: true, value: { length: 5 } });
    await h.handle('settings:set', { settings: { history: { maxEntries: 2 } } });
    expect(await h.handle('history:list', {})).toMatchObject({ ok: true, value: { length: 2 } });
    await h.close();
  });
});

describe('the bundled examples are read-only however they are reached (issue 12)', () => {
  const link = (b: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'skillbench-link-')), 'examples');
    symlinkSync(b, path);
    return path;
  };
  it.each([
    ['the bundled folder itself', (b: string) => b, 'text-toolkit'],
    ['a folder above it', (b: string) => join(b, '..'), 'skills/text-toolkit'],
    ['a folder inside it', (b: string) => join(b, 'text-toolkit'), '.'],
    ['a link to it (given to serve)', link, 'text-toolkit'],
  ])('added as a root: %s', async (what, rootOf, skillFolder) => {
    const bundled = join(mkdtempSync(join(tmpdir(), 'skillbench-bundled-')), 'skills');
    cpSync(join(REPO, 'skills'), bundled, { recursive: true });
    const root = rootOf(bundled);
    const data = mkdtempSync(join(tmpdir(), 'skillbench-ro-'));
    // roots:add refuses a link itself; `skillbench serve LINK` takes it as a project root.
    const viaServe = what.startsWith('a link');
    const h = new Host({
      bundledSkills: bundled,
      userDataDir: data,
      watch: false,
      ...(viaServe ? { projectRoots: [root] } : {}),
    });
    const call = async <T>(channel: string, request: unknown) =>
      (await h.handle(channel, request)) as IpcResult<T>;
    try {
      const roots = await call<Array<{ id: string; kind: string }>>(
        viaServe ? 'roots:list' : 'roots:add',
        viaServe ? {} : { path: root },
      );
      const userRoot = roots.ok ? roots.value.find((r) => r.kind !== 'bundled') : undefined;
      const manifest = join(root, skillFolder, 'SKILL.md');
      const before = readFileSync(manifest, 'utf8');
      const file = await call<{ hash: string }>('skills:read-file', { path: manifest });
      const list = await call<{ entries: LibraryEntry[] }>('skills:list', {});
      const viaUserRoot = (list.ok ? list.value.entries : []).find(
        (e) => e.rootId === userRoot?.id && e.skill?.name === 'text-toolkit',
      );
      expect(viaUserRoot?.id).toBeDefined();
      const requests: Array<[string, unknown]> = [
        [
          'skills:save-file',
          { path: manifest, text: 'overwritten', expectedHash: file.ok ? file.value.hash : '' },
        ],
        ['skills:rename', { id: viaUserRoot?.id, name: 'renamed' }],
        ['skills:delete', { id: viaUserRoot?.id }],
        [
          'cases:save',
          { skillId: viaUserRoot?.id, name: 'planted', case: { tool: 'echo', args: { text: 'x' } } },
        ],
      ];
      // A root above the bundled folder is the user's own: a new skill there lands beside the examples, not in them.
      if (skillFolder !== 'skills/text-toolkit')
        requests.push(['skills:create', { rootId: userRoot?.id, name: 'planted' }]);
      for (const [channel, request] of requests)
        expect(await call(channel, request), channel).toMatchObject({
          ok: false,
          error: {
            code: 'PermissionDenied',
            message: expect.stringMatching(/bundled example skills are read-only/) as string,
          },
        });
      expect(readFileSync(manifest, 'utf8')).toBe(before);
      expect(existsSync(join(bundled, 'planted'))).toBe(false);
      expect(existsSync(join(bundled, 'text-toolkit', 'tests', 'planted.case.json'))).toBe(false);
    } finally {
      await h.close();
    }
  });
});

describe('Reload Skills', () => {
  it('rescans every root and tells the windows, also about changes no watcher reported', async () => {
    const root = copyFixtures('editing');
    const quiet = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-reload-')),
      projectRoots: [root],
      watch: false,
    });
    mkdirSync(join(root, 'added-later'));
    writeFileSync(join(root, 'added-later', 'SKILL.md'), '---\nname: added-later\ndescription: New.\n---\n');
    const events: SkillsChanged[] = [];
    quiet.on('skills:changed', (e) => events.push(e));
    quiet.reload();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ reset: true, removed: [] });
    expect(events[0]?.entries.map((e) => e.skill?.name)).toContain('added-later');
    const list = (await quiet.handle('skills:list', {})) as IpcResult<{ entries: LibraryEntry[] }>;
    expect(list.ok && list.value.entries.some((e) => e.skill?.name === 'added-later')).toBe(true);
    await quiet.close();
  });
});

describe('workspace trust', () => {
  const ROOT_MCP = {
    mcpServers: {
      demo: { command: 'node', args: ['evil.mjs'] },
      own: { command: 'node', args: ['own.mjs'], env: { TOKEN: 'x' } },
    },
  };

  function untrustedHost() {
    const root = copyFixtures('tools');
    mkdirSync(join(root, '.skillbench'), { recursive: true });
    writeFileSync(join(root, '.skillbench', 'mcp.json'), JSON.stringify(ROOT_MCP));
    const data = mkdtempSync(join(tmpdir(), 'skillbench-trust-'));
    const make = () =>
      new Host({
        bundledSkills: join(REPO, 'skills'),
        userDataDir: data,
        projectRoots: [root],
        watch: false,
      });
    return { root, data, make };
  }
  const call = (h: Host, channel: string, request: unknown) => h.handle(channel, request);

  it('runs nothing an untrusted root supplies, shows what would run, and remembers trust by folder identity', async () => {
    const { root, make } = untrustedHost();
    const h = make();
    const roots = (
      (await call(h, 'roots:list', {})) as { value: Array<{ id: string; path: string; trusted: boolean }> }
    ).value;
    const mine = roots.find((r) => r.path === root);
    expect(mine).toMatchObject({ trusted: false });
    expect(roots.find((r) => r.id === 'bundled')).toMatchObject({ trusted: true });
    const id = mine?.id ?? '';
    const refused = await call(h, 'tools:run', {
      runId: 't1',
      skillId: `${id}/proc`,
      tool: 'slow',
      args: {},
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'PermissionDenied' } });
    const info = (await call(h, 'roots:trust-info', { id })) as {
      value: { servers: unknown[]; tools: Array<{ tool: string }> };
    };
    expect(info.value.servers).toEqual([
      expect.objectContaining({ name: 'own', command: 'node', args: ['own.mjs'], envKeys: ['TOKEN'] }),
    ]);
    expect(info.value.tools.map((t) => t.tool)).toContain('slow');
    // Its own server does not start; the name the bundled (trusted) root defines is not taken over.
    const servers = (
      (await call(h, 'mcp:list', {})) as { value: Array<{ name: string; state: string; source: string }> }
    ).value;
    expect(servers.find((s) => s.name === 'own')).toMatchObject({ state: 'untrusted' });
    expect(servers.find((s) => s.name === 'demo')?.source).toBe(
      join(REPO, 'skills', '.skillbench', 'mcp.json'),
    );
    const list = (await call(h, 'skills:list', {})) as {
      value: { diagnostics: Array<{ code: string; file: string }> };
    };
    expect(list.value.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'mcp-server-ignored', file: join(root, '.skillbench', 'mcp.json') }),
    );
    // Trusting the root lets its tools run, and is remembered across restarts.
    await call(h, 'roots:trust', { id, trusted: true });
    const ran = await call(h, 'tools:run', {
      runId: 't2',
      skillId: `${id}/proc`,
      tool: 'where',
      args: {},
    });
    expect(ran.ok).toBe(true);
    await h.close();
    const again = make();
    const reopened = (
      (await call(again, 'roots:list', {})) as { value: Array<{ path: string; trusted: boolean }> }
    ).value;
    expect(reopened.find((r) => r.path === root)).toMatchObject({ trusted: true });
    await again.close();
  });

  it('forgets trust when another folder takes the trusted one’s path', async () => {
    const { root, make } = untrustedHost();
    const h = make();
    const id =
      ((await call(h, 'roots:list', {})) as { value: Array<{ id: string; path: string }> }).value.find(
        (r) => r.path === root,
      )?.id ?? '';
    await call(h, 'roots:trust', { id, trusted: true });
    await h.close();
    const moved = `${root}-moved`;
    renameSync(root, moved);
    cpSync(moved, root, { recursive: true });
    const again = make();
    const roots = (
      (await call(again, 'roots:list', {})) as { value: Array<{ path: string; trusted: boolean }> }
    ).value;
    expect(roots.find((r) => r.path === root)).toMatchObject({ trusted: false });
    await again.close();
  });

  it('lets a skill call only the servers of its own root, and the user’s servers only from trusted roots', async () => {
    const { root, make } = untrustedHost();
    const other = mkdtempSync(join(tmpdir(), 'skillbench-caller-'));
    mkdirSync(join(other, 'caller'));
    writeFileSync(
      join(other, 'caller', 'SKILL.md'),
      '---\nname: caller\ndescription: Calls servers it does not own.\ntools:\n  - name: theirs\n    kind: mcp\n    target: own__add\n  - name: mine\n    kind: mcp\n    target: mine__add\n---\n',
    );
    const h = make();
    await call(h, 'roots:add', { path: other });
    await call(h, 'settings:set', {
      settings: { mcpServers: { mine: { command: 'node', args: ['mine.mjs'] } } },
    });
    const roots = ((await call(h, 'roots:list', {})) as { value: Array<{ id: string; path: string }> }).value;
    const idOf = (path: string) => roots.find((r) => r.path === path)?.id ?? '';
    await call(h, 'roots:trust', { id: idOf(root), trusted: true });
    const run = (tool: string) =>
      call(h, 'tools:run', { runId: tool, skillId: `${idOf(other)}/caller`, tool, args: { a: 1, b: 2 } });
    // The other root is trusted now, but `own` belongs to the first root's config.
    expect(await run('theirs')).toMatchObject({
      ok: false,
      error: {
        code: 'PermissionDenied',
        message: expect.stringMatching(/defines for another root/) as string,
      },
    });
    // The caller's root is not trusted: the user's own server is out of its reach.
    expect(await run('mine')).toMatchObject({
      ok: false,
      error: {
        code: 'PermissionDenied',
        message: expect.stringMatching(/your own MCP server "mine"/) as string,
      },
    });
    await h.close();
  });
});

describe('the excluded-tools policy (issue 11)', () => {
  it('is a setting: excluded tools stay listed with the reason, and running one is PermissionDenied', async () => {
    const h = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-policy-')),
      watch: false,
    });
    const set = await h.handle('settings:set', { settings: { excludedTools: ['shell'] } });
    expect(set).toMatchObject({ ok: true, value: { excludedTools: ['shell'] } });
    const tools = (await h.handle('tools:list', { skillId: 'bundled/greeting-shell' })) as IpcResult<
      Array<{ name: string; problem?: string; refused?: boolean }>
    >;
    expect(tools.ok && tools.value[0]).toMatchObject({
      refused: true,
      problem: expect.stringMatching(/excluded by the tool policy \(excluded: shell\)/) as string,
    });
    const run = await h.handle('tools:run', {
      runId: 'p1',
      skillId: 'bundled/greeting-shell',
      tool: 'greet',
      args: { name: 'x' },
    });
    expect(run).toMatchObject({ ok: false, error: { code: 'PermissionDenied' } });
    expect(await h.handle('settings:set', { settings: { excludedTools: [''] } })).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgs' },
    });
    await h.close();
  });
});
