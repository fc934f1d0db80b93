// Skills in agents' folders in the app: a copy in .agents/skills linked from .claude/skills is one skill, its overview
// names every agent that reads it and tags the findings their profiles disagree on; a plugin's skill is plugin:name;
// "Write AGENTS.md" lists them for agents without native skills.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { docShot, openSkill, watchPageErrors } from './helpers.js';
import { REPO, startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  const home = join(mkdtempSync(join(tmpdir(), 'skillbench-e2e-ecosystem-')), 'home');
  mkdirSync(home);
  // The library is the first project: its agents' folders are the ones "Write AGENTS.md" lists.
  const prepare = (project: string) => {
    const shared = join(project, '.agents', 'skills', 'pdf-tool');
    mkdirSync(shared, { recursive: true });
    writeFileSync(
      join(shared, 'SKILL.md'),
      '---\nname: pdf-tool\ndescription: Extract text and tables from PDF files. Use when the user gives a PDF.\n' +
        'category: documents\n---\n# PDF tool\n\nExtract the text, then the tables.\n',
    );
    mkdirSync(join(project, '.claude', 'skills'), { recursive: true });
    symlinkSync(
      join('..', '..', '.agents', 'skills', 'pdf-tool'),
      join(project, '.claude', 'skills', 'pdf-tool'),
    );
    cpSync(join(REPO, 'test', 'fixtures', 'ecosystem', 'claude-code', 'plugins'), join(project, 'plugins'), {
      recursive: true,
    });
  };
  server = await startServe({
    prepare,
    env: {
      SKILLBENCH_HOME: home,
      XDG_CONFIG_HOME: '',
      XDG_STATE_HOME: '',
      CODEX_HOME: '',
      CLAUDE_CONFIG_DIR: '',
    },
  });
  await page.goto(server.url);
});

test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

test('a skill several agents read: one entry, its readers, the findings per profile', async ({ page }) => {
  const list = page.getByRole('listbox', { name: 'Skills' });
  await expect(list.getByRole('option').filter({ hasText: 'pdf-tool' })).toHaveCount(1);
  await openSkill(page, 'pdf-tool', 'Overview');
  const readBy = page.getByLabel('Read by');
  await expect(readBy).toContainText('Read by Claude Code (claude-code)');
  await expect(readBy).toContainText(/; \d+ agents \(portable\)/);
  await expect(readBy.getByText(/\d+ agents/)).toHaveAttribute('title', /Codex/);
  await expect(readBy).toContainText(join('.claude', 'skills', 'pdf-tool', 'SKILL.md'));
  const diagnostics = page.getByRole('region', { name: 'Diagnostics' });
  await expect(diagnostics.locator('.diag').filter({ hasText: 'unknown-key portable' })).toContainText(
    'error',
  );
  await expect(diagnostics.locator('.diag').filter({ hasText: 'unknown-key claude-code' })).toContainText(
    'Claude Code ignores it.',
  );
  await expect(page.getByRole('region', { name: 'Effective values' })).toContainText(
    'as Claude Code reads them',
  );
  await docShot(page, 'readers');
});

test("a plugin's skills are plugin:name, and never shadow each other", async ({ page }) => {
  const list = page.getByRole('listbox', { name: 'Skills' });
  // alpha holds two folders named review: Claude Code runs both (alpha:review, alpha:second-review).
  await expect(list.getByRole('option').filter({ hasText: 'alpha:review' })).toHaveCount(2);
  await expect(list.getByRole('option').filter({ hasText: 'alpha:checker' })).toHaveCount(1);
  await expect(list.getByRole('option').filter({ hasText: 'beta-tools:review' })).toHaveCount(1);
  await expect(list.getByRole('option').filter({ hasText: 'shadowed' })).toHaveCount(0);
});

test("Write AGENTS.md lists the agents' skills in the project's AGENTS.md", async ({ page }) => {
  await page.getByRole('button', { name: 'Write AGENTS.md' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'AGENTS.md' })).toHaveText(
    /Created AGENTS\.md: 1 skill\./,
  );
  const text = readFileSync(join(server.library, 'AGENTS.md'), 'utf8');
  expect([...text.matchAll(/<name>([^<]+)<\/name>/g)].map((m) => m[1])).toEqual(['pdf-tool']);
  await page.getByRole('button', { name: 'Write AGENTS.md' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'AGENTS.md' })).toHaveText(
    /AGENTS\.md is up to date/,
  );
});
