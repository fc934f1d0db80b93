// The runner's schema form in browser mode (issue 13): a keystroke in a 50-field form until the JSON pane shows the
// new value, in Debian's Chromium. Measured inside the page beside two baselines from the same run: a keystroke in
// the run bar's Timeout box (a controlled input of the runner, outside the form) and one in a plain <input> the
// benchmark adds to the page outside React (what the browser alone needs), each until its next frame. Two figures
// each:
// - latency: from the input event to the animation frame whose DOM shows the value (includes the wait for that frame,
//   so even a plain input averages half a frame, and its p95 is about a whole frame);
// - work: the main thread's work for it: the input event's handling (React's render and commit, the JSON written into
//   Monaco) plus that frame's work before the value shows (Monaco's paint and the layout it forces). This is what
//   must fit in a frame, whatever the phase of the keystroke.
/* global document, HTMLInputElement, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { pct, serve } from './ui.js';

const here = dirname(fileURLToPath(import.meta.url));
const FIELDS = 50;
const KEYS = 60;

/** A skill with one tool of 50 fields of every common kind (text, numbers, enums, booleans, nested objects). */
function writeFormSkill(dir) {
  const folder = join(dir, 'form-bench');
  mkdirSync(folder, { recursive: true });
  const lines = [];
  for (let i = 1; i <= FIELDS; i++) {
    const name = `f${String(i).padStart(2, '0')}`;
    const kind = i % 5;
    if (i === 1 || kind === 0) lines.push(`        ${name}: { type: string, title: Field ${i} }`);
    else if (kind === 1) lines.push(`        ${name}: { type: integer, minimum: 0, title: Field ${i} }`);
    else if (kind === 2) lines.push(`        ${name}: { enum: [a, b, c], title: Field ${i} }`);
    else if (kind === 3) lines.push(`        ${name}: { type: [string, "null"], title: Field ${i} }`);
    else
      lines.push(
        `        ${name}: { type: object, title: Field ${i}, properties: { x: { type: string }, y: { type: number } } }`,
      );
  }
  writeFileSync(
    join(folder, 'SKILL.md'),
    [
      '---',
      'name: form-bench',
      'description: One tool with a 50-field form.',
      'tools:',
      '  - name: wide',
      '    kind: shell',
      '    command: "true"',
      '    inputSchema:',
      '      type: object',
      '      required: [f01]',
      '      properties:',
      ...lines,
      '---',
      'Benchmark.',
      '',
    ].join('\n'),
  );
}

/**
 * One input event on `selector` with `text`, until the frame whose DOM shows it (in `until`, when given):
 * `{ latency, work }` in ms (see the top of this file).
 */
function keystroke(page, selector, text, until) {
  return page.evaluate(
    ({ selector, text, until }) =>
      new Promise((resolve, reject) => {
        const input = document.querySelector(selector);
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        // Registered before the input event, so it runs first in the next frame: the start of that frame's work.
        let frameStart = 0;
        const markFrame = () => requestAnimationFrame(() => (frameStart = performance.now()));
        markFrame();
        const t0 = performance.now();
        setter.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const handled = performance.now() - t0;
        const poll = () => {
          const shown = until
            ? (document.querySelector(until)?.textContent ?? '').replace(/\u00a0/g, ' ').includes(`"${text}"`)
            : true;
          // Checked in animation-frame callbacks, after Monaco's own (Monaco schedules its paint while the input
          // event is handled, before this callback is registered): the first frame whose DOM shows the value is
          // the frame that paints it.
          const now = performance.now();
          if (shown) resolve({ latency: now - t0, work: handled + (now - frameStart) });
          else if (now - t0 > 5000) reject(new Error(`the JSON pane never showed ${text}`));
          else {
            markFrame();
            requestAnimationFrame(poll);
          }
        };
        requestAnimationFrame(poll);
      }),
    { selector, text, until },
  );
}

export async function formBenchmarks() {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-bench-form-'));
  const data = mkdtempSync(join(tmpdir(), 'skillbench-bench-form-data-'));
  writeFormSkill(dir);
  const server = await serve(dir, data);
  const settings = JSON.parse(readFileSync(join(here, '..', 'test', 'e2e', 'chromium.json'), 'utf8'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? settings.executablePath,
    args: settings.args,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.url);
    await page
      .getByRole('listbox', { name: 'Skills' })
      .getByRole('option')
      .filter({ hasText: 'form-bench' })
      .click();
    await page.getByRole('tab', { name: 'Run' }).click();
    await page.waitForSelector('.json-editor .view-lines');
    const field = '.form-pane input[aria-required="true"]';
    await page.waitForSelector(field);
    const fieldCount = await page.locator('.form-pane input, .form-pane select, .form-pane textarea').count();
    // A plain input outside React: its keystroke costs the same whatever the app's code does.
    await page.evaluate(() => {
      const plain = document.createElement('input');
      plain.id = 'bench-plain-input';
      plain.setAttribute('aria-label', 'benchmark baseline');
      plain.style.cssText = 'position: fixed; right: 0; bottom: 0; width: 80px';
      document.body.append(plain);
    });
    const form = [];
    const baseline = [];
    const plain = [];
    let text = '';
    for (let i = 0; i < KEYS; i++) {
      text += 'abcdefghij'[i % 10];
      // Warm-up keystrokes are not kept.
      const ms = await keystroke(page, field, text, '.json-editor .view-lines');
      const base = await keystroke(page, '.run-bar .timeout input', String(i), undefined);
      const bare = await keystroke(page, '#bench-plain-input', String(i), undefined);
      if (i >= 5) {
        form.push(ms);
        baseline.push(base);
        plain.push(bare);
      }
    }
    const stats = (list, key) => {
      const values = list.map((x) => x[key]);
      return { p50: pct(values, 50), p95: pct(values, 95) };
    };
    return {
      fields: FIELDS,
      controls: fieldCount,
      keystroke: { ...stats(form, 'latency'), runs: form.length },
      baseline: stats(baseline, 'latency'),
      work: stats(form, 'work'),
      workBaseline: stats(baseline, 'work'),
      plain: { latency: stats(plain, 'latency'), work: stats(plain, 'work') },
    };
  } finally {
    await browser.close();
    server.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(JSON.stringify(await formBenchmarks(), null, 2));
