// Issue 11: the preview's Run button runs one `` !`command` `` line of a skill, only as written in the saved manifest,
// only in a trusted root, in the tool sandbox (the skill's folder, a cleared environment, a timeout).
import { cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Host } from '../../../electron/host/host.js';
import { runBangCommand } from '../../../electron/core/skills/bang-command.js';
import type { RootInfo, SkillDefinition } from '../../../shared/types.js';
import { failure, FIXTURES, loadFixture, REPO } from '../../helpers.js';

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  delete process.env.SKB_SECRET;
});

function host() {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-bang-root-'));
  cpSync(join(FIXTURES, 'skills', 'runtime', 'cc-commands'), join(root, 'cc-commands'), { recursive: true });
  const h = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-bang-')),
    projectRoots: [root],
    watch: false,
  });
  hosts.push(h);
  return { h, root };
}

async function rootId(h: Host, path: string): Promise<string> {
  const r = (await h.handle('roots:list', {})) as { value: Array<{ id: string; path: string }> };
  return r.value.find((x) => x.path === path)?.id ?? '';
}

describe('skills:run-command', () => {
  it('refuses every command of an untrusted root, running nothing', async () => {
    const { h, root } = host();
    const id = await rootId(h, root);
    writeFileSync(
      join(root, 'cc-commands', 'SKILL.md'),
      '---\nname: cc-commands\ndescription: d\n---\nMark: !`touch ran`\n',
    );
    h.reload();
    const refused = await h.handle('skills:run-command', { id: `${id}/cc-commands`, command: 'touch ran' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'PermissionDenied' } });
    expect((refused as { error: { message: string } }).error.message).toMatch(/not trusted.*Trust the root/);
    expect(existsSync(join(root, 'cc-commands', 'ran'))).toBe(false);
  });

  it('runs a saved command in the skill folder with a cleared environment, once the root is trusted', async () => {
    const { h, root } = host();
    const id = await rootId(h, root);
    await h.handle('roots:trust', { id, trusted: true });
    process.env.SKB_SECRET = 'leaked';
    const run = async (command: string) =>
      (await h.handle('skills:run-command', { id: `${id}/cc-commands`, command })) as {
        ok: boolean;
        value: { stdout: string; stderr: string; exitCode: number; cwd: string; shell: string };
      };
    const first = await run(`printf '%s' "$CLAUDE_SKILL_DIR"`);
    expect(first.value, JSON.stringify(first)).toMatchObject({
      stdout: join(root, 'cc-commands'),
      exitCode: 0,
      cwd: join(root, 'cc-commands'),
      shell: 'bash',
    });
    expect((await run(`printf '%s' "$CLAUDE_SESSION_ID"`)).value.stdout).toBe('skillbench-preview');
    expect((await run(`printf '%s' "\${SKB_SECRET:-cleared}"`)).value.stdout).toBe('cleared');
    expect((await run('pwd')).value.stdout.trim()).toBe(join(root, 'cc-commands'));
    expect((await run('echo oops >&2; exit 3')).value).toMatchObject({ stderr: 'oops\n', exitCode: 3 });
  });

  it('runs only what the saved manifest says: another command is NotFound', async () => {
    const { h, root } = host();
    const id = await rootId(h, root);
    await h.handle('roots:trust', { id, trusted: true });
    const r = await h.handle('skills:run-command', { id: `${id}/cc-commands`, command: 'touch ran' });
    expect(r).toMatchObject({ ok: false, error: { code: 'NotFound' } });
    expect((r as { error: { message: string } }).error.message).toMatch(
      /has no !`touch ran` line. Save the file/,
    );
    expect(existsSync(join(root, 'cc-commands', 'ran'))).toBe(false);
  });
});

describe('runBangCommand', () => {
  const trusted = (skill: SkillDefinition): RootInfo => ({
    id: 'fixtures',
    path: dirname(dirname(skill.sourcePath)),
    kind: 'user',
    trusted: true,
  });

  it('refuses a command whose skill is in no root (nothing says it may run)', async () => {
    const skill = loadFixture('runtime/cc-commands').skill!;
    const e = await failure(runBangCommand(skill, undefined, 'sleep 5'));
    expect(e.code).toBe('PermissionDenied');
    expect(e.message).toMatch(/belongs to no library root/);
  });

  it('stops a command that outlives its timeout, with the process tree', async () => {
    const skill = loadFixture('runtime/cc-commands').skill!;
    const started = Date.now();
    const e = await failure(runBangCommand(skill, trusted(skill), 'sleep 5', { timeoutMs: 300 }));
    expect(e.code).toBe('Timeout');
    expect(e.message).toMatch(/did not finish within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
