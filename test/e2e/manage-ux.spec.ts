// Managing skills in the library, as a person meets it: a crowded row folds its badges into "+N" instead of cutting
// one in half; Duplicate never defaults to an agent's live folder; the Restricted banner shows only over skills that
// run something, and trusting the project covers the agents' skill folders inside it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openSkill, shot, watchPageErrors } from './helpers.js';
import { REPO, startServe, type Served } from './serve-fixture.js';

let server: Served | undefined;
let home: string;
let pageErrors: string[] = [];

/** A skill of the fixtures, put in the project's Claude Code folder (`.claude/skills`): live in Claude Code. */
const intoClaudeFolder = (fixture: string, name: string) => (library: string) => {
  mkdirSync(join(library, '.claude', 'skills'), { recursive: true });
  cpSync(join(REPO, 'test', 'fixtures', fixture), join(library, '.claude', 'skills', name), {
    recursive: true,
  });
};

async function serve(options: Parameters<typeof startServe>[0]): Promise<Served> {
  server = await startServe({
    ...options,
    // A home of its own: the machine's own agent folders are no part of the test.
    env: { SKILLBENCH_HOME: home, XDG_CONFIG_HOME: '', CODEX_HOME: '', CLAUDE_CONFIG_DIR: '' },
  });
  return server;
}

test.beforeEach(({ page }) => {
  pageErrors = watchPageErrors(page);
  home = mkdtempSync(join(tmpdir(), 'skillbench-e2e-home-'));
});
test.afterEach(() => {
  server?.stop();
  server = undefined;
  rmSync(home, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

test('a crowded row shows the badges that fit and "+N" naming the rest, none cut at the edge', async ({
  page,
}) => {
  const served = await serve({ skills: ['crowded-row'] });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  const row = page
    .getByRole('listbox', { name: 'Skills' })
    .getByRole('option')
    .filter({ hasText: 'a-skill-with-a-rather-long-name' });
  const more = row.locator('.badge.more');
  await expect(more.locator('[aria-hidden="true"]')).toHaveText(/^\+\d+$/);
  const { clipped, shown } = await row.locator('.badges').evaluate((box) => {
    const right = box.getBoundingClientRect().right;
    const badges = [...box.children] as HTMLElement[];
    return {
      clipped: badges.filter((b) => b.getBoundingClientRect().right > right + 0.5).map((b) => b.textContent),
      shown: badges.filter((b) => !b.classList.contains('more')).map((b) => b.textContent),
    };
  });
  expect(clipped).toEqual([]);
  // What a screen reader hears: how many more, and which.
  const spoken = (await more.locator('.sr-only').textContent()) ?? '';
  const hidden = spoken.replace(/^\d+ more: /, '').split(', ');
  expect(spoken).toBe(`${hidden.length} more: ${hidden.join(', ')}`);
  expect(await more.locator('[aria-hidden="true"]').textContent()).toBe(`+${hidden.length}`);
  expect(await more.getAttribute('title')).toBe(hidden.join(', '));
  // Every badge is either shown or named by "+N": errors, warnings and tools, in that order.
  expect([...shown, ...hidden]).toEqual(['2 errors', '1 warning', '3 tools']);
  await shot(page, 'crowded-row');
});

test("Duplicate defaults to the user's library, not the agent's live folder, so Enter keeps the copy out of Claude Code", async ({
  page,
}) => {
  const served = await serve({
    prepare: intoClaudeFolder('usual/project/.claude/skills/proj-skill', 'proj-skill'),
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  await openSkill(page, 'proj-skill');
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const dialog = page.getByRole('dialog');
  const root = dialog.getByRole('combobox', { name: 'Root' });
  await expect(root.locator('option:checked')).toHaveText(served.library);
  await expect(root.locator('option', { hasText: '.claude' })).toHaveText(
    `${join(served.library, '.claude', 'skills')} (live in Claude Code)`,
  );
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'proj-skill-copy' })).toBeVisible();
  expect(existsSync(join(served.library, 'proj-skill-copy', 'SKILL.md'))).toBe(true);
  expect(existsSync(join(served.library, '.claude', 'skills', 'proj-skill-copy'))).toBe(false);
});

test('the Restricted banner shows only over skills that run something; trusting the project covers its .claude/skills', async ({
  page,
}) => {
  const served = await serve({
    workbench: true,
    trust: false,
    prepare: intoClaudeFolder('skills/tools-good', 'tools-good'),
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  const banner = page.getByRole('region', { name: 'Workspace trust' });
  await openSkill(page, 'desc-comment'); // instructions only
  await expect(page.getByRole('heading', { level: 2, name: 'desc-comment' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await openSkill(page, 'tools-good'); // in .claude/skills: shell, script and MCP tools
  await expect(banner).toContainText('a folder you have not trusted');
  await openSkill(page, 'runner-demo'); // in the project itself
  await expect(banner).toContainText(served.library);
  await banner.getByRole('button', { name: 'Trust this folder' }).click();
  await expect(banner).toHaveCount(0);
  await openSkill(page, 'tools-good');
  await expect(page.getByRole('heading', { level: 2, name: 'tools-good' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
