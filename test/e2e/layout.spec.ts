// The workbench's layout from the smallest window Electron allows (800×600) to a large one: every view of the VIEWS
// table (each skill tab) is shot at both sizes into docs/screenshots/sizes; at every size each visible control can be
// reached (on screen, or in a box that scrolls it into view) and nothing overflows the window; Monaco keeps room.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { VIEWS } from '../../shared/views.js';
import { TABS } from '../../renderer/src/shell/navigation.js';
import { startFakeModelServer, type FakeModelServer } from '../fakes/model-server.js';
import { EVAL_SKILLS, scriptedServer } from '../integration/evals/routes.js';
import { playgroundScript } from '../fakes/playground-model.js';
import { addModelProvider, editorCursor, openSkill, showView, watchPageErrors } from './helpers.js';
import { REPO, startServe, type Served } from './serve-fixture.js';

/** Shot into docs: the smallest window and a large one; checked besides: the library docked beside a narrow main area. */
const SIZES = [
  { width: 800, height: 600, shot: true },
  { width: 1024, height: 768, shot: false },
  { width: 1920, height: 1080, shot: true },
] as const;
const SKILL = 'runner-demo';
const LONG = 'a-skill-name-long-enough-to-need-an-ellipsis-in-a-narrow-window';

let server: Served;
let model: FakeModelServer | undefined;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }, info) => {
  pageErrors = watchPageErrors(page);
  if (info.title.includes('eval results')) {
    model = await startFakeModelServer(scriptedServer());
    server = await startServe({ skills: EVAL_SKILLS });
  } else if (info.title.includes('Playground conversation')) {
    model = await startFakeModelServer(
      playgroundScript({
        skill: SKILL,
        tool: `${SKILL}__order`,
        input: { order: { customer: { name: 'Ada' }, items: [{ sku: 'A-1', qty: 2 }] } },
      }),
    );
    server = await startServe({ workbench: true });
  } else server = await startServe({ workbench: true, skills: [LONG] });
});
test.afterEach(async () => {
  server.stop();
  await model?.close();
  model = undefined;
  expect(pageErrors).toEqual([]);
});

/** Each view of the table, a skill view once per tab; each shows itself and waits until it has drawn. */
const VISITS: { name: string; show(page: Page): Promise<void> }[] = VIEWS.flatMap((v) =>
  v.id === 'skill'
    ? TABS.map(([tab, label]) => ({
        name: `skill-${tab}`,
        show: async (page: Page) => {
          await openSkill(page, SKILL, label as Parameters<typeof openSkill>[2]);
          if (tab === 'edit') await expect(page.locator('.editor-view .monaco-editor').first()).toBeVisible();
          if (tab === 'run') await expect(page.getByRole('region', { name: 'Arguments form' })).toBeVisible();
          if (tab === 'evals')
            await expect(page.getByRole('button', { name: 'Run trigger eval' })).toBeVisible();
        },
      }))
    : [
        {
          name: v.id,
          show: async (page: Page) => {
            await showView(page, v.label);
            if (v.id === 'servers') {
              await page
                .getByRole('listbox', { name: 'Server' })
                .getByRole('option', { name: /everything/ })
                .click();
              await expect(page.getByRole('tablist', { name: 'Server views' })).toBeVisible();
            } else await expect(page.getByRole('heading', { level: 2, name: v.label })).toBeVisible();
          },
        },
      ],
);

/**
 * The visible controls that cannot be reached: clipped by a box that does not scroll, or outside the window in a
 * direction the window does not scroll. A box that scrolls brings any of its content into view; Monaco's own
 * widgets are left to Monaco.
 */
function unreachableControls(): string[] {
  const selector = 'button, a[href], input, select, textarea, [role="tab"], [tabindex]:not([tabindex="-1"])';
  const scrolls = (v: string) => v === 'auto' || v === 'scroll';
  const out: string[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
    if (el.closest('.monaco-editor, [hidden], [aria-hidden="true"]')) continue;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (style.visibility === 'hidden' || r.width < 2 || r.height < 2 || el.closest('.sr-only')) continue;
    let box = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    let clippedBy: Element | undefined;
    let fixed = style.position === 'fixed';
    for (let a = el.parentElement; a && !fixed && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const ar = a.getBoundingClientRect();
      const inner = {
        left: ar.left + a.clientLeft,
        right: ar.left + a.clientLeft + a.clientWidth,
        top: ar.top + a.clientTop,
        bottom: ar.top + a.clientTop + a.clientHeight,
      };
      // A scrolling box can bring the control into its own view; from there on it is where that box is.
      if (scrolls(s.overflowX))
        box = { ...box, left: inner.left, right: Math.min(inner.right, box.right - box.left + inner.left) };
      else if (s.overflowX !== 'visible' && (box.left < inner.left - 1 || box.right > inner.right + 1))
        clippedBy = a;
      if (scrolls(s.overflowY))
        box = { ...box, top: inner.top, bottom: Math.min(inner.bottom, box.bottom - box.top + inner.top) };
      else if (s.overflowY !== 'visible' && (box.top < inner.top - 1 || box.bottom > inner.bottom + 1))
        clippedBy = a;
      if (clippedBy) break;
      fixed = s.position === 'fixed';
    }
    const page = document.scrollingElement ?? document.documentElement;
    const windowScrollsDown = page.scrollHeight > innerHeight;
    const offWindow =
      box.left < -1 || box.right > innerWidth + 1 || (!windowScrollsDown && box.bottom > innerHeight + 1);
    if (clippedBy || offWindow) {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('title') ?? '').trim();
      const where = clippedBy ? `clipped by .${String(clippedBy.className).split(' ')[0]}` : 'off the window';
      out.push(`${el.tagName.toLowerCase()} "${name.slice(0, 40)}" ${where}`);
    }
  }
  return out;
}

for (const { shot, ...size } of SIZES) {
  test(`every view at ${size.width}×${size.height}: reachable, no overflow${shot ? ', shot' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await page.goto(server.url);
    const dir = join(REPO, 'docs', 'screenshots', 'sizes');
    mkdirSync(dir, { recursive: true });
    const problems: string[] = [];
    for (const visit of VISITS) {
      await visit.show(page);
      if (shot) await page.screenshot({ path: join(dir, `${visit.name}-${size.width}x${size.height}.png`) });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      if (overflow > 0) problems.push(`${visit.name}: the page is ${overflow}px wider than the window`);
      for (const p of await page.evaluate(unreachableControls)) problems.push(`${visit.name}: ${p}`);
    }
    expect(problems).toEqual([]);
  });
}

test('at 800×600, and at 1024×768 beside the library, the editor keeps Monaco at least 360px wide', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(server.url);
  await openSkill(page, SKILL, 'Edit');
  const monaco = page.locator('.editor-view .monaco-editor').first();
  await expect(monaco).toBeVisible();
  expect((await monaco.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(360);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByRole('listbox', { name: 'Skills' })).toBeVisible();
  await expect(async () =>
    expect((await monaco.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(360),
  ).toPass();
});

test('at 800×600 the library is a drawer: it takes the focus, Escape or a pick closes it; docked, a hide is remembered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(server.url);
  const toggle = page.getByRole('button', { name: 'Library', exact: true });
  const list = page.getByRole('listbox', { name: 'Skills' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await toggle.click();
  await expect(list).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search skills' })).toBeFocused();
  expect(await page.evaluate(unreachableControls)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(toggle).toBeFocused();
  await openSkill(page, SKILL);
  await expect(list).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(list).toBeVisible();
  await toggle.click();
  await expect(list).toBeHidden();
  // Remembered for the session: through other views, and through a narrow window and back.
  await showView(page, 'Servers');
  await showView(page, 'Skill');
  await page.setViewportSize({ width: 800, height: 600 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(list).toBeHidden();
  await toggle.click();
  await expect(list).toBeVisible();
});

test('at 800×600 a long name ellipsizes and the actions are a menu the keyboard drives', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(server.url);
  await openSkill(page, LONG);
  const heading = page.getByRole('heading', { level: 2, name: LONG });
  await expect(heading).toHaveAttribute('title', LONG);
  const shape = await heading.evaluate((h) => ({
    cut: h.scrollWidth > h.clientWidth,
    lines: Math.round(h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight || '20')),
  }));
  expect(shape).toEqual({ cut: true, lines: 1 });

  const more = page.getByRole('button', { name: 'More actions' });
  await expect(page.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);
  await more.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'More actions' });
  await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await menu.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByRole('dialog', { name: `Duplicate ${LONG}` })).toBeVisible();
});

test('at 800×600 the frontmatter panel is a drawer over Monaco that Escape closes', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(server.url);
  await openSkill(page, SKILL, 'Edit');
  const panel = page.getByRole('complementary', { name: 'Frontmatter' });
  const button = page.getByRole('button', { name: 'Frontmatter', pressed: false });
  await expect(panel).toBeHidden();
  await button.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('name', { exact: true })).toHaveValue(SKILL);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
});

/** How far the Evals tab's content runs past its width, and the controls in the page that cannot be reached. */
const evalsFit = async (page: Page) => ({
  overflow: await page.locator('.evals-view').evaluate((v) => v.scrollWidth - v.clientWidth),
  unreachable: await page.evaluate(unreachableControls),
});

test('eval results (the A/B comparison, the benchmark charts) fit at 1280×800 and 800×600', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url);
  await addModelProvider(page, model!.anthropicBaseURL, 'sk-layout');
  await openSkill(page, 'csv-report', 'Evals');
  await page.getByRole('spinbutton', { name: 'Runs' }).fill('1');
  await page.getByRole('button', { name: 'Run trigger eval' }).click();
  await expect(page.getByRole('region', { name: 'Saved description' })).toContainText('queries passed');
  // The A/B runs the description as the editor has it, unsaved.
  await page.getByRole('tablist', { name: 'Skill views' }).getByRole('tab', { name: 'Edit' }).click();
  await editorCursor(page, 3, 14);
  await page.keyboard.type('Always ');
  await page.getByRole('tablist', { name: 'Skill views' }).getByRole('tab', { name: 'Evals' }).click();
  await page.getByRole('button', { name: 'Run A/B with the unsaved description' }).click();
  await expect(page.getByRole('region', { name: 'Unsaved description (A/B)' })).toContainText(
    'queries passed',
  );
  await page.getByRole('button', { name: 'Run output evals' }).click();
  const output = page.getByRole('region', { name: 'Output evals' });
  await expect(output.getByRole('img', { name: /^Pass rate/ })).toBeVisible();

  const dir = join(REPO, 'docs', 'screenshots', 'sizes');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 800, height: 600 },
  ]) {
    await page.setViewportSize(size);
    await page.getByRole('region', { name: 'Trigger eval' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir, `evals-results-${size.width}x${size.height}.png`) });
    expect(await evalsFit(page), `${size.width}×${size.height}`).toEqual({ overflow: 0, unreachable: [] });
  }
});

test('a Playground conversation (a call with nested arguments waiting, then a replay compared) fits at 800×600', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(server.url);
  await addModelProvider(page, model!.anthropicBaseURL, 'sk-layout');
  await openSkill(page, SKILL);
  await showView(page, 'Playground');
  const playground = page.getByRole('region', { name: 'Playground' });
  await playground.getByRole('textbox', { name: 'Message to the model' }).fill('Order two A-1 for Ada');
  await playground.getByRole('button', { name: 'Send' }).click();
  const card = playground.getByRole('region', { name: `Tool call ${SKILL}__order` });
  await expect(card.getByRole('status')).toHaveText('Waiting for your approval');
  const fits = async () => ({
    overflow: await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
    unreachable: await page.evaluate(unreachableControls),
  });
  expect(await fits(), 'a call waiting').toEqual({ overflow: 0, unreachable: [] });
  await card.getByRole('button', { name: 'Run' }).click();
  const replay = playground.getByRole('region', { name: 'Replay' });
  await replay.getByRole('button', { name: 'Save and replay' }).click();
  await replay
    .getByRole('region', { name: `Tool call ${SKILL}__order` })
    .getByRole('button', { name: 'Run' })
    .click();
  await expect(replay.getByRole('region', { name: 'Replay comparison' })).toBeVisible();
  expect(await fits(), 'a replay compared').toEqual({ overflow: 0, unreachable: [] });
});
