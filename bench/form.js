// The runner's schema form in browser mode (issue 13): a keystroke in a 50-field form until the JSON pane shows the
// new value, in Debian's Chromium. Measured inside the page beside a baseline from the same run: a keystroke in the
// run bar's Timeout box (a plain controlled input outside the form) until its next frame.
/* global document, HTMLInputElement, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, '..', 'bin', 'skillbench.js');
const FIELDS = 50;
const KEYS = 60;

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

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

async function serve(dir, data) {
  const child = spawn(process.execPath, [BIN, 'serve', dir], {
    env: { ...process.env, SKILLBENCH_DATA_DIR: data },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#code=\S+)/.exec(String(c));
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`skillbench serve exited with ${code}`)));
  });
  return { url, stop: () => child.kill() };
}

/** One input event on `selector` with `text`, until the frame whose DOM shows it (in `until`, when given); in ms. */
function keystroke(page, selector, text, until) {
  return page.evaluate(
    ({ selector, text, until }) =>
      new Promise((resolve, reject) => {
        const input = document.querySelector(selector);
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        const t0 = performance.now();
        setter.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const poll = () => {
          const shown = until
            ? (document.querySelector(until)?.textContent ?? '').replace(/\u00a0/g, ' ').includes(`"${text}"`)
            : true;
          // Checked in animation-frame callbacks, after Monaco's own: the first frame whose DOM shows the value
          // is the frame that paints it.
          if (shown) resolve(performance.now() - t0);
          else if (performance.now() - t0 > 5000) reject(new Error(`the JSON pane never showed ${text}`));
          else requestAnimationFrame(poll);
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
    const form = [];
    const baseline = [];
    let text = '';
    for (let i = 0; i < KEYS; i++) {
      text += 'abcdefghij'[i % 10];
      // Warm-up keystrokes are not kept.
      const ms = await keystroke(page, field, text, '.json-editor .view-lines');
      const base = await keystroke(page, '.run-bar .timeout input', String(i), undefined);
      if (i >= 5) {
        form.push(ms);
        baseline.push(base);
      }
    }
    return {
      fields: FIELDS,
      controls: fieldCount,
      keystroke: { p50: pct(form, 50), p95: pct(form, 95), runs: form.length },
      baseline: { p50: pct(baseline, 50), p95: pct(baseline, 95) },
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
