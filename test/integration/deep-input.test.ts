// No file can stop the app: JSON nested thousands deep (a 4 KB skill.json, a saved case) is a finding on that file,
// with its line and column, while the CLI, the library, the watcher and the host keep going.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcResult, SkillsChanged } from '../../shared/ipc.js';
import type { SavedCaseView } from '../../shared/host-types.js';
import { Host } from '../../electron/host/host.js';
import { loadLibrary } from '../../electron/core/skills/index.js';
import { REPO } from '../helpers.js';
import { runCaptured } from './run-cli.js';

/** The repro: a legacy manifest whose `extra` is `depth` arrays deep. */
function deepSkillJson(folder: string, name: string, depth: number): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'skill.json');
  writeFileSync(
    file,
    `{"name":"${name}","description":"d. Use when x.","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`,
  );
  return file;
}

function plainSkill(folder: string, name: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Fine. Use when fine.\n---\nBody.\n`,
  );
}

const temp = () => mkdtempSync(join(tmpdir(), 'skillbench-deep-'));

describe('a skill.json nested 2,000 deep', () => {
  it('is an error at its line and column for validate and list, which exit normally', async () => {
    const root = temp();
    deepSkillJson(join(root, 'j'), 'j', 2000);
    plainSkill(join(root, 'fine'), 'fine');
    const validate = await runCaptured(['validate', join(root, 'j')]);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toMatch(/skill\.json:1:\d+ error json-syntax .*nest deeper than 256 levels/);
    const list = await runCaptured(['list', root]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/fine +loaded/);
    expect(list.stdout).toMatch(/invalid +legacy-json/);
  });

  it('is one invalid entry in a load that holds every other skill, as deep as the stack allows', () => {
    const root = temp();
    deepSkillJson(join(root, 'a'), 'a', 100_000);
    plainSkill(join(root, 'b'), 'b');
    const lib = loadLibrary([{ path: root }]);
    expect(lib.entries.map((e) => [e.skill?.name ?? e.path, e.status])).toEqual([
      [join(root, 'a', 'skill.json'), 'invalid'],
      ['b', 'loaded'],
    ]);
    // What the library holds can always be sent to a window.
    expect(() => JSON.stringify(lib.entries)).not.toThrow();
  });
});

describe('the host with a deep file in a root', () => {
  let host: Host;
  let root: string;
  let data: string;
  async function ok<T>(channel: string, request: unknown = {}): Promise<T> {
    const r = (await host.handle(channel, request)) as IpcResult<T>;
    if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
    return r.value;
  }
  beforeAll(async () => {
    root = temp();
    data = temp();
    plainSkill(join(root, 'fine'), 'fine');
    host = new Host({ bundledSkills: join(REPO, 'skills'), userDataDir: data, projectRoots: [root] });
    await host.whenWatching();
  });
  afterAll(() => host.close());

  it('keeps serving after a 6,000-deep skill.json is copied into a watched root', async () => {
    const changed = new Promise<SkillsChanged>((resolve) => {
      const off = host.on('skills:changed', (c) => {
        if (c.entries.some((e) => e.path.endsWith(join('k', 'skill.json')))) {
          off();
          resolve(c);
        }
      });
    });
    deepSkillJson(join(root, 'k'), 'k', 6000);
    const change = await changed;
    expect(change.entries.find((e) => e.path.endsWith('skill.json'))?.status).toBe('invalid');
    const { entries } = await ok<{ entries: Array<{ status: string }> }>('skills:list');
    expect(entries.length).toBeGreaterThan(1);
  });

  it('adds a folder holding one as a root, which a later start loads', async () => {
    const other = temp();
    deepSkillJson(join(other, 'deep'), 'deep', 6000);
    await ok('roots:add', { path: other });
    const saved = JSON.parse(readFileSync(join(data, 'settings.json'), 'utf8')) as { roots: string[] };
    expect(saved.roots).toContain(other);
    const again = new Host({ bundledSkills: join(REPO, 'skills'), userDataDir: data, watch: false });
    try {
      const r = (await again.handle('skills:list', {})) as IpcResult<{ entries: Array<{ path: string }> }>;
      expect(r.ok && r.value.entries.some((e) => e.path === join(other, 'deep', 'skill.json'))).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('lists a saved case nested 20,000 deep as a case with the reason, and the answer can be sent', async () => {
    const tests = join(root, 'fine', 'tests');
    mkdirSync(tests, { recursive: true });
    const depth = 20_000;
    writeFileSync(
      join(tests, 'deep.case.json'),
      `{"tool":"echo","args":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    );
    const { entries } = await ok<{ entries: Array<{ id: string; path: string }> }>('skills:list');
    const id = entries.find((e) => e.path === join(root, 'fine', 'SKILL.md'))?.id ?? '';
    const cases = await ok<SavedCaseView[]>('cases:list', { skillId: id });
    expect(cases).toHaveLength(1);
    expect(cases[0]?.error).toMatch(
      /deep\.case\.json is not readable JSON, at line 1, column \d+: arrays and objects nest deeper than 256/,
    );
    expect(() => JSON.stringify(cases)).not.toThrow();
    expect(existsSync(join(tests, 'deep.case.json'))).toBe(true); // reported, never touched
  });
});
