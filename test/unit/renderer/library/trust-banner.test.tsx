// @vitest-environment jsdom
// The Restricted banner against a real host: over a skill of an untrusted root only when the skill declares something
// that runs (a shell or MCP tool, a `!command` line); a skill of instructions and safe built-ins runs nothing to hold
// back, so it gets no banner.
import { cleanup, render, screen } from '@testing-library/react';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Host } from '../../../../electron/host/host.js';
import { TrustBanner } from '../../../../renderer/src/library/TrustBanner.js';
import type { HostApi } from '../../../../shared/ipc.js';
import type { ListedEntry, RootInfo } from '../../../../shared/types.js';
import { agentHomeEnv } from '../../../integration/manage-fixtures.js';
import { fixtureSkill, hostApi, REPO } from '../../../helpers.js';

let tmp: string;
let host: Host;
let api: HostApi;

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'sb-trust-banner-')));
  const project = join(tmp, 'project');
  mkdirSync(project);
  for (const name of ['builtin-own-schema', 'tools-good', 'runtime/cc-commands'])
    cpSync(fixtureSkill(name), join(project, name.split('/').at(-1) ?? name), { recursive: true });
  // Claude Code's folder in the project: a root of its own, trusted with the project.
  cpSync(fixtureSkill('tools-bad'), join(project, '.claude', 'skills', 'tools-bad'), { recursive: true });
  for (const [key, value] of Object.entries(agentHomeEnv(tmp))) vi.stubEnv(key, value);
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: join(tmp, 'app-data'),
    projectRoots: [project],
    watch: false,
  });
  api = hostApi(host);
});
afterEach(async () => {
  cleanup();
  await host.close();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

async function bannerOver(name: string): Promise<boolean> {
  const list = await host.handle('skills:list', {});
  const roots = await host.handle('roots:list', {});
  const entries = list.ok ? (list.value as { entries: ListedEntry[] }).entries : [];
  const entry = entries.find((e) => e.skill?.name === name);
  const root = (roots.ok ? (roots.value as RootInfo[]) : []).find((r) => r.id === entry?.rootId);
  if (!entry || !root) throw new Error(`no skill ${name} in an untrusted root`);
  expect(root.trusted).toBe(false);
  const { unmount } = render(<TrustBanner host={api} root={root} entry={entry} />);
  const shown = screen.queryByRole('region', { name: 'Workspace trust' }) !== null;
  unmount();
  return shown;
}

describe('the Restricted banner', () => {
  it('shows over skills that run something, and not over a skill that runs nothing', async () => {
    expect(await bannerOver('tools-good')).toBe(true); // shell, script and MCP tools
    expect(await bannerOver('cc-commands')).toBe(true); // `!command` lines
    expect(await bannerOver('builtin-own-schema')).toBe(false); // echo and now
  });

  it("lists, under what would run, the tools of the agents' folders inside the project, which trusting it trusts", async () => {
    const roots = await host.handle('roots:list', {});
    const project = (roots.ok ? (roots.value as RootInfo[]) : []).find(
      (r) => r.kind === 'project' && !r.readers,
    );
    const info = await host.handle('roots:trust-info', { id: project?.id ?? '' });
    const tools = info.ok ? (info.value as { tools: Array<{ skillId: string; tool: string }> }).tools : [];
    expect(tools.some((t) => t.tool === 'greet')).toBe(true); // tools-good, in the project itself
    expect(tools.some((t) => t.tool === 'placeholder')).toBe(true); // tools-bad, in .claude/skills
  });
});
