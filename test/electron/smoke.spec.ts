// Launches the real app with a temporary user-data folder, sees the bundled skills and runs a tool through the
// preload bridge, exactly as the renderer does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('starts, lists the bundled skills and runs a tool', async () => {
  const userData = mkdtempSync(join(tmpdir(), 'skillbench-electron-'));
  // SKILLBENCH_APP points at a packaged executable (the release workflow); otherwise the checkout is launched.
  const packaged = process.env.SKILLBENCH_APP;
  const app = packaged
    ? await electron.launch({ executablePath: join(root, packaged), args: [`--user-data-dir=${userData}`] })
    : await electron.launch({ args: [root, `--user-data-dir=${userData}`], cwd: root });
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveTitle(/Skillbench/);
    const bridge = await page.evaluate(
      () => Object.keys((window as unknown as { skillbench: object }).skillbench).length,
    );
    expect(bridge).toBeGreaterThan(20);
    const skills = await page.evaluate(async () => {
      const api = (
        window as unknown as {
          skillbench: Record<
            string,
            (r: object) => Promise<{ ok: boolean; value: { entries: Array<{ skill?: { name: string } }> } }>
          >;
        }
      ).skillbench;
      const r = await api.skillsList!({});
      return r.value.entries.map((e) => e.skill?.name);
    });
    expect(skills).toContain('text-toolkit');
    const output = await page.evaluate(async () => {
      const api = (
        window as unknown as {
          skillbench: Record<string, (r: object) => Promise<{ ok: boolean; value: { output: string } }>>;
        }
      ).skillbench;
      const r = await api.toolsRun!({
        runId: 'smoke',
        skillId: 'bundled/text-toolkit',
        tool: 'echo',
        args: { text: 'from Electron' },
      });
      return r.value.output;
    });
    expect(output).toBe('from Electron');
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe(
      'undefined',
    );
  } finally {
    await app.close();
  }
});
