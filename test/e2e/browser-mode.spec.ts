// Browser mode in a real Chromium (issue 12): the printed link's one-time code is traded for a session token that
// stays on the page's origin (no cookie), the code leaves the address bar and history, the page loads under its CSP
// with no console errors, and a page without the session, or a second browser with the used link, gets nothing.
import { expect, test } from '@playwright/test';
import { startServe } from './serve-fixture.js';

test('opens from the printed link, keeps no cookie and no code, and talks to the host', async ({
  page,
  context,
}) => {
  const server = await startServe();
  try {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(server.url);
    await expect(page.getByRole('heading', { name: 'Skillbench' })).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option').first()).toBeVisible();
    // The code left the address bar and this history entry; nothing went into a cookie.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => window.location.href)).not.toContain('code=');
    expect(await context.cookies()).toEqual([]);
    const names = await page.evaluate(async () => {
      const token = window.localStorage.getItem('skillbench.session') ?? '';
      const r = await fetch('/api/skills:list', {
        method: 'POST',
        body: '{}',
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await r.json()) as { value: { entries: Array<{ skill?: { name: string } }> } };
      return body.value.entries.map((e) => e.skill?.name);
    });
    expect(names).toEqual(expect.arrayContaining(['commented-skill', 'text-toolkit']));
    // The policy lets a tool's audio play from a data: URL (media-src), as the output view does, and still
    // refuses what it should (a script from data:).
    const violations = await page.evaluate(async () => {
      const seen: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
      const wav = 'data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';
      const audio = new Audio(wav);
      await new Promise((resolve) => {
        audio.onloadedmetadata = resolve;
        audio.onerror = resolve;
        setTimeout(resolve, 2000);
      });
      const script = document.createElement('script');
      script.src = 'data:text/javascript,1';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return seen;
    });
    // (Reported once per policy: the header's and the page's own <meta> copy.)
    expect([...new Set(violations)]).toEqual(['script-src-elem']);
    // A reload keeps the session (the page finds its token); the used code is not needed again.
    await page.reload();
    await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option').first()).toBeVisible();
    // Only the script the policy refused above was reported.
    expect(problems.filter((p) => !p.includes('data:text/javascript,1'))).toEqual([]);
    // Without the header, the same page gets nothing: no ambient credential exists.
    const anonymous = await page.evaluate(
      async () => (await fetch('/api/skills:list', { method: 'POST', body: '{}' })).status,
    );
    expect(anonymous).toBe(401);
  } finally {
    server.stop();
  }
});

test('the link works once: another browser opening it afterwards gets no session', async ({
  page,
  browser,
}) => {
  const server = await startServe();
  try {
    await page.goto(server.url);
    await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option').first()).toBeVisible();
    const other = await browser.newContext();
    try {
      const late = await other.newPage();
      await late.goto(server.url);
      const state = await late.evaluate(async () => {
        await new Promise((r) => setTimeout(r, 300)); // the page's trade has been refused by now
        const r = await fetch('/api/skills:list', { method: 'POST', body: '{}' });
        return { status: r.status, stored: window.localStorage.getItem('skillbench.session') };
      });
      expect(state).toEqual({ status: 401, stored: null });
    } finally {
      await other.close();
    }
  } finally {
    server.stop();
  }
});

test('a page opened without the link gets no data', async ({ page }) => {
  const server = await startServe();
  try {
    const response = await page.goto(server.origin);
    expect(response?.status()).toBe(200); // the page itself is the public bundle
    const status = await page.evaluate(async () => {
      const r = await fetch('/api/skills:list', { method: 'POST', body: '{}' });
      return r.status;
    });
    expect(status).toBe(401);
  } finally {
    server.stop();
  }
});
