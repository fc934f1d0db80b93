// Issue 17 in the app: add skills from a local git repository made here, see the findings and what each skill would
// run before anything is written, install for two agents, see the badges, update after a new commit, remove. The
// server gets a temporary home (SKILLBENCH_HOME) and trash, and its project is the test's own library folder.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { docShot, watchPageErrors } from './helpers.js';
import { REPO, startServe, type Served } from './serve-fixture.js';

let server: Served;
let tmp: string;
let work: string;
let pageErrors: string[] = [];

function git(args: string[], cwd: string): void {
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd });
}

test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-e2e-manage-'));
  work = join(tmp, 'skills-repo');
  cpSync(join(REPO, 'test', 'fixtures', 'manage', 'repo'), work, { recursive: true });
  git(['init', '-q', '-b', 'main'], work);
  git(['add', '-A'], work);
  git(['commit', '-q', '-m', 'skills'], work);
  const home = join(tmp, 'home');
  mkdirSync(home);
  server = await startServe({
    env: {
      SKILLBENCH_HOME: home,
      XDG_CONFIG_HOME: '',
      XDG_STATE_HOME: '',
      CODEX_HOME: '',
      CLAUDE_CONFIG_DIR: '',
      XDG_DATA_HOME: join(tmp, 'data'),
    },
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(server.url);
});
test.afterEach(() => {
  server.stop();
  rmSync(tmp, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

test('add from a git repository, see findings and what runs, install for two agents, update, remove', async ({
  page,
}) => {
  const library = page.getByRole('listbox', { name: 'Skills' });
  await page.getByRole('button', { name: 'Add skills' }).click();
  const panel = page.getByRole('region', { name: 'Add skills' });
  await panel.getByRole('checkbox', { name: 'Windsurf' }).check();
  await panel.getByRole('textbox', { name: 'Source' }).fill(pathToFileURL(work).href);
  await panel.getByRole('button', { name: 'Look inside' }).click();

  // What the source holds, before anything is written: findings per profile and the trust view.
  const pdf = panel.getByRole('article', { name: 'Skill pdf-tools' });
  await expect(pdf.getByRole('region', { name: 'What pdf-tools runs' })).toContainText(
    'tool extract (shell): pdftotext {{file}} -',
  );
  await expect(pdf.getByRole('region', { name: 'What pdf-tools runs' })).toContainText(
    'command before the prompt: pwd',
  );
  // Windsurf reads the portable format, which has no `tools` key: an error, so pdf-tools is not picked.
  await expect(pdf.getByRole('region', { name: 'Findings of pdf-tools' })).toContainText('portable');
  await expect(pdf.getByRole('checkbox')).not.toBeChecked();
  const notes = panel.getByRole('article', { name: 'Skill notes' });
  await expect(notes.getByRole('checkbox')).toBeChecked();
  await expect(notes.getByRole('region', { name: 'What notes runs' })).toContainText(
    'Nothing: instructions only.',
  );
  await expect(notes).toContainText('2 files, 267 B'); // what installing copies
  await expect(pdf).toContainText('1 file, 338 B');
  expect(existsSync(join(server.library, '.agents'))).toBe(false);

  // Picking the skill with errors blocks the install until "Install anyway".
  await pdf.getByRole('checkbox').check();
  const install = panel.getByRole('button', { name: /^Install \d skills?$/ });
  await expect(install).toBeDisabled();
  await expect(panel.getByRole('checkbox', { name: /Install anyway/ })).not.toBeChecked();
  await pdf.getByRole('checkbox').uncheck();
  // Ticking an agent the findings were not checked for holds the install until they are checked again.
  const goose = panel.getByRole('checkbox', { name: 'Goose' });
  await goose.check();
  await expect(install).toBeDisabled();
  await expect(panel).toContainText(
    'The findings are for other agents or another folder: check again before installing.',
  );
  await goose.uncheck();
  await expect(install).toBeEnabled();
  await expect(panel).toContainText(
    'The shared copy in .agents/skills is also read by Amp, Cline, Codex, Cursor',
  );
  await docShot(page, 'manage-add');

  await expect(install).toHaveText('Install 1 skill');
  await install.click();
  await expect(panel.getByRole('status', { name: 'Install progress' })).toContainText('Installed.');
  await expect(panel.getByRole('region', { name: 'Installed' })).toContainText('.claude/skills/notes (link');
  expect(lstatSync(join(server.library, '.claude', 'skills', 'notes')).isSymbolicLink()).toBe(true);
  expect(lstatSync(join(server.library, '.windsurf', 'skills', 'notes')).isSymbolicLink()).toBe(true);

  // The library now holds the installed skill, with its agents as badges.
  // The shared copy in <project>/.agents/skills, a root now (the agents' links point at it).
  const row = library.locator('[data-id="project-agents/notes"]');
  await expect(row).toContainText('Claude Code');
  await expect(row).toContainText('Windsurf');
  await expect(row).toContainText('.agents/skills');
  await row.click();
  const bar = page.getByRole('region', { name: 'Installed for agents' });
  await expect(bar).toContainText('Claude Code');
  await expect(bar).toContainText(`from ${pathToFileURL(work).href}`);
  await docShot(page, 'manage-installed');

  // A new commit at the source: Update shows the SKILL.md diff and the changed files, then applies.
  const manifest = join(work, 'skills', 'notes', 'SKILL.md');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace('one line per decision', 'one line per decision and its owner'),
  );
  git(['commit', '-q', '-am', 'owners'], work);
  // "Check for updates" under the library's count asks every source at once: the row says so before Update… opens.
  await expect(row).not.toContainText('Update available');
  await page.getByRole('button', { name: 'Check for updates' }).click();
  await expect(page.locator('.updates-check [role="status"]')).toHaveText('1 update available.');
  await expect(row).toContainText('Update available');
  await bar.getByRole('button', { name: 'Update…' }).click();
  const update = page.getByRole('region', { name: 'Update notes' });
  await expect(update).toContainText('Update available');
  await expect(update.getByLabel('SKILL.md diff')).toContainText(
    '+Write the date, the people, then one line per decision and its owner.',
  );
  await expect(update.getByLabel('Changed files')).toContainText('1 changed (SKILL.md)');
  await expect(row).toContainText('Update available');
  await docShot(page, 'manage-update');
  await update.getByRole('button', { name: 'Apply update' }).click();
  await expect(update).toContainText('Updated notes.');
  expect(readFileSync(join(server.library, '.claude', 'skills', 'notes', 'SKILL.md'), 'utf8')).toContain(
    'its owner',
  );
  await expect(row).not.toContainText('Update available');

  // Delete of an installed skill is its Remove (links, copies and the lock entry together), not a bare delete.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const remove = page.getByRole('region', { name: 'Remove notes' });
  await expect(remove).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Remove: Cancel has the focus, never Remove; then the skill leaves every agent and the library.
  await expect(remove.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(row).toHaveCount(0);
  expect(existsSync(join(server.library, '.claude', 'skills', 'notes'))).toBe(false);
  expect(existsSync(join(server.library, '.agents', 'skills', 'notes'))).toBe(false);
  expect(readFileSync(join(server.library, 'skills-lock.json'), 'utf8')).not.toContain('"notes"');
});
