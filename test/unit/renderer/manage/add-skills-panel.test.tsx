// @vitest-environment jsdom
// Issue 17, the Add skills panel against a real host with two open projects: the target project defaults to the one
// given (the selected skill's), can be changed in a select, and the install lands there; a look at a git source that
// is still cloning can be cancelled from the panel (a slow `git` first on PATH holds the clone).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostApi } from '../../../../shared/ipc.js';
import type { ManageAgentsView } from '../../../../shared/manage-types.js';
import { Host } from '../../../../electron/host/host.js';
import { AddSkillsPanel } from '../../../../renderer/src/manage/AddSkillsPanel.js';
import { FIXTURES, hostApi, REPO } from '../../../helpers.js';
import { agentHomeEnv, fixtureRepo } from '../../../integration/manage-fixtures.js';
import { makeSlowGit } from '../../../integration/slow-git.js';

let tmp: string;
let first: string;
let second: string;
let host: Host;
let api: HostApi;

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-add-panel-'));
  first = join(tmp, 'first');
  second = join(tmp, 'second');
  for (const d of [first, second, join(tmp, 'temp')]) mkdirSync(d, { recursive: true });
  for (const [key, value] of Object.entries(agentHomeEnv(tmp))) vi.stubEnv(key, value);
  vi.stubEnv('TMPDIR', join(tmp, 'temp'));
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: join(tmp, 'app-data'),
    projectRoots: [first, second],
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

async function panel(defaultProject?: string) {
  const r = await host.handle('manage:agents', {});
  if (!r.ok) throw new Error(r.error.message);
  const view = r.value as ManageAgentsView;
  render(
    <AddSkillsPanel
      host={api}
      agents={view.agents}
      projects={view.projects}
      {...(defaultProject ? { defaultProject } : {})}
      onInstalled={() => undefined}
    />,
  );
  return screen.getByRole('region', { name: 'Add skills' });
}

async function lookAndInstall(region: HTMLElement, source: string) {
  fireEvent.change(within(region).getByRole('textbox', { name: 'Source' }), { target: { value: source } });
  fireEvent.click(within(region).getByRole('button', { name: 'Look inside' }));
  const install = await within(region).findByRole('button', { name: 'Install 1 skill' });
  fireEvent.click(install);
  await within(region).findByRole('region', { name: 'Installed' });
}

describe('the Add skills panel with two projects', () => {
  it('installs into the project of the selected skill by default, and into the one chosen in the select', async () => {
    const notes = join(FIXTURES, 'manage', 'repo', 'skills', 'notes');
    const region = await panel(second);
    const select = within(region).getByRole('combobox', { name: 'Project' });
    expect((select as HTMLSelectElement).value).toBe(second);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([first, second]);
    // The agents' folders shown are the chosen project's.
    await vi.waitFor(() =>
      expect(within(region).getByText('Claude Code').closest('label')?.title).toBe(
        join(second, '.claude', 'skills'),
      ),
    );
    await lookAndInstall(region, notes);
    expect(existsSync(join(second, '.claude', 'skills', 'notes', 'SKILL.md'))).toBe(true);
    expect(readdirSync(first)).toEqual([]);

    fireEvent.change(select, { target: { value: first } });
    await lookAndInstall(region, notes);
    expect(existsSync(join(first, '.claude', 'skills', 'notes', 'SKILL.md'))).toBe(true);
    expect(existsSync(join(first, 'skills-lock.json'))).toBe(true);
  });

  it('shows before Install what a skill would replace, what it may use and run, and its size', async () => {
    // A different skill of the same name where Claude Code's copy would go, in the chosen project.
    mkdirSync(join(first, '.claude', 'skills', 'notes'), { recursive: true });
    writeFileSync(
      join(first, '.claude', 'skills', 'notes', 'SKILL.md'),
      '---\nname: notes\ndescription: Mine.\n---\n',
    );
    const src = join(tmp, 'src', 'notes');
    cpSync(join(FIXTURES, 'manage', 'repo', 'skills', 'notes'), src, { recursive: true });
    writeFileSync(
      join(src, 'SKILL.md'),
      '---\nname: notes\ndescription: Notes. Use when asked.\nallowed-tools: Bash(git:*)\n---\n\n# Notes\n',
    );
    mkdirSync(join(src, 'scripts'));
    writeFileSync(join(src, 'scripts', 'tidy.py'), 'print(1)\n');
    const region = await panel(first);
    fireEvent.change(within(region).getByRole('textbox', { name: 'Source' }), { target: { value: src } });
    fireEvent.click(within(region).getByRole('button', { name: 'Look inside' }));
    const skill = await within(region).findByRole('article', { name: 'Skill notes' });
    expect(skill.textContent).toContain(
      `${join(first, '.claude', 'skills', 'notes')} holds a different skill of that name: installing will ask before replacing it.`,
    );
    const runs = within(skill).getByRole('region', { name: 'What notes runs' });
    expect(runs.textContent).toContain('may use without asking: Bash(git:*)');
    expect(runs.textContent).toContain('script file scripts/tidy.py');
    expect(skill.textContent).toMatch(/· 3 files, \d+ B/);
    expect(existsSync(join(first, '.agents'))).toBe(false); // nothing written by looking
  });

  it('cancels a look at a git source while it clones: nothing fetched is left, the panel says so', async () => {
    const source = fixtureRepo(join(tmp, 'work'));
    const slow = makeSlowGit(join(tmp, 'slow-git'));
    vi.stubEnv('PATH', `${slow.bin}:${process.env.PATH ?? ''}`);
    try {
      const region = await panel();
      fireEvent.change(within(region).getByRole('textbox', { name: 'Source' }), {
        target: { value: source },
      });
      fireEvent.click(within(region).getByRole('button', { name: 'Look inside' }));
      await slow.started();
      expect(await within(region).findByRole('status', { name: 'Fetch progress' })).toHaveProperty(
        'textContent',
        ` Fetching ${source}…`,
      );
      fireEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
      const said = await within(region).findByRole('status', { name: 'Cancelled' });
      expect(said.textContent).toBe(`Fetching ${source} was cancelled; nothing was written.`);
      expect(within(region).queryByRole('button', { name: 'Cancel' })).toBeNull();
      expect(within(region).queryByRole('region', { name: 'What the source holds' })).toBeNull();
      expect(readdirSync(join(tmp, 'temp'))).toEqual([]);
    } finally {
      slow.release();
    }
  });
});
