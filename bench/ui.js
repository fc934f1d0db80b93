// The workbench UI in browser mode on a library of 1,000 skills, in Debian's Chromium: page load to a usable list,
// a search keystroke to the updated list, and opening a skill in the editor once Monaco is loaded. Each is measured
// inside the page (performance.now) beside a baseline from the same run: the host round trip the step needs.
/* global document, window, HTMLInputElement, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { generateLibrary } from './generate.js';

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, '..', 'bin', 'skillbench.js');
const SIZE = 1000;

/** The p-th percentile of `values` (nearest rank). */
export const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** `skillbench serve DIR` with its own data folder: the one-time login URL it prints, and a way to stop it. */
export async function serve(dir, data) {
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

export async function uiBenchmarks(size = SIZE) {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-bench-ui-'));
  const data = mkdtempSync(join(tmpdir(), 'skillbench-bench-ui-data-'));
  generateLibrary(dir, size);
  const server = await serve(dir, data);
  const settings = JSON.parse(readFileSync(join(here, '..', 'test', 'e2e', 'chromium.json'), 'utf8'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? settings.executablePath,
    args: settings.args,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Page load to a usable list: navigation start until the list shows its count and first rows.
    const loads = [];
    const lists = [];
    for (let i = 0; i < 6; i++) {
      // The printed link works once (its #code is traded for a session and wiped from the address bar): the first
      // load signs in, the measured ones are full reloads with that session (a goto to the same link would only
      // change the fragment, a same-document navigation, and time nothing).
      if (i === 0) await page.goto(server.url);
      else await page.reload();
      await page.waitForFunction(
        () =>
          /\d+ of \d+ skills/.test(document.querySelector('.count')?.textContent ?? '') &&
          document.querySelector('[role=listbox] [role=option]'),
      );
      const t = await page.evaluate(() => performance.now());
      // Baseline: the skills:list round trip alone, from the same page.
      const list = await page.evaluate(async () => {
        const t0 = performance.now();
        const r = await fetch('/api/skills:list', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // The page's session token (browser mode keeps it on its origin, never in a cookie).
            authorization: `Bearer ${window.localStorage.getItem('skillbench.session')}`,
          },
          body: '{}',
        });
        await r.json();
        return performance.now() - t0;
      });
      if (i > 0) {
        loads.push(t);
        lists.push(list);
      }
    }
    const total = await page.locator('.count').textContent();

    // Search keystroke to updated list: one input event until the list is re-rendered and the next frame painted.
    // React renders input events synchronously, so the DOM is updated when dispatchEvent returns.
    const queries = [
      'r',
      're',
      'rev',
      'revi',
      'review',
      'skill-1',
      'skill-12',
      'skill-123',
      'deploy',
      'x',
      '',
    ];
    const keys = [];
    for (let round = 0; round < 3; round++)
      for (const q of queries) {
        const r = await page.evaluate(
          (query) =>
            new Promise((resolve) => {
              const input = document.querySelector('input[type=search]');
              const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
              const t0 = performance.now();
              setter.call(input, query);
              input.dispatchEvent(new Event('input', { bubbles: true }));
              const count = document.querySelector('.count').textContent;
              requestAnimationFrame(() =>
                setTimeout(() => resolve({ ms: performance.now() - t0, count }), 0),
              );
            }),
          q,
        );
        keys.push(r.ms);
        const shown = /^(\d+) of (\d+)/.exec(r.count);
        if (q === 'skill-123' && (!shown || shown[1] === shown[2]))
          throw new Error(`search did not update the list: ${r.count}`);
      }
    await page.fill('input[type=search]', '');

    // Opening a skill in the editor, Monaco already loaded: click a row until its text is in the editor.
    await page.locator('[role=listbox][aria-label=Skills] [role=option]').first().click();
    await page.getByRole('tab', { name: 'Edit' }).click();
    await page.waitForSelector('.editor-view .monaco-editor .view-lines');
    const opens = [];
    const reads = [];
    for (let i = 1; i <= 12; i++) {
      const row = page.locator('[role=listbox][aria-label=Skills] [role=option]').nth(i);
      const name = (await row.locator('.name').textContent()).replace(/\d+ tools?.*$/, '').trim();
      const ms = await row.evaluate(
        (el, skill) =>
          new Promise((resolve) => {
            const t0 = performance.now();
            el.click();
            const poll = () => {
              const text = document.querySelector('.editor-view .view-lines')?.textContent ?? '';
              if (text.replace(/\u00a0/g, ' ').includes(`name: ${skill}`))
                requestAnimationFrame(() => resolve(performance.now() - t0));
              else requestAnimationFrame(poll);
            };
            poll();
          }),
        name,
      );
      const path = await page.evaluate(() => document.querySelector('.toolbar .path')?.getAttribute('title'));
      const read = await page.evaluate(async (p) => {
        const t0 = performance.now();
        const r = await fetch('/api/skills:read-file', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // The page's session token (browser mode keeps it on its origin, never in a cookie).
            authorization: `Bearer ${window.localStorage.getItem('skillbench.session')}`,
          },
          body: JSON.stringify({ path: p }),
        });
        await r.json();
        return performance.now() - t0;
      }, path);
      opens.push(ms);
      reads.push(read);
    }
    return {
      size,
      total,
      load: { p50: pct(loads, 50), max: Math.max(...loads), baseline: pct(lists, 50), runs: loads.length },
      search: { p50: pct(keys, 50), p95: pct(keys, 95), runs: keys.length },
      open: { p50: pct(opens, 50), p95: pct(opens, 95), baseline: pct(reads, 50), runs: opens.length },
    };
  } finally {
    await browser.close();
    server.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(JSON.stringify(await uiBenchmarks(Number(process.argv[2] ?? SIZE)), null, 2));
