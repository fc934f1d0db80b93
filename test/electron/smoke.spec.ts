// Launches the real app with a temporary data folder, sees the bundled skills and runs a tool through the preload
// bridge exactly as the renderer does, checks what only a real Electron can show (the app's name and data folder,
// the clipboard permission), and quits through the app's own shutdown. The release workflow runs it against a
// packaged smoke build (SKILLBENCH_APP); elsewhere it launches the checkout.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function launchApp(userData: string): Promise<ElectronApplication> {
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = process.env;
  const options = {
    env: { ...env, SKILLBENCH_DATA_DIR: userData } as Record<string, string>,
    timeout: 60_000,
  };
  const packaged = process.env.SKILLBENCH_APP;
  if (!packaged) return electron.launch({ ...options, args: [root], cwd: root });
  const executablePath = join(root, packaged);
  if (!existsSync(executablePath)) throw new Error(`SKILLBENCH_APP points at nothing: ${executablePath}`);
  try {
    return await electron.launch({ ...options, executablePath });
  } catch (error) {
    throw new Error(
      `Playwright could not attach to ${executablePath}. A build whose EnableNodeCliInspectArguments fuse is ` +
        `off cannot be attached to: pack the smoke build with SKILLBENCH_SMOKE_BUILD=1. (${String(error)})`,
    );
  }
}

test('starts, lists the bundled skills, runs a tool and quits', async () => {
  const userData = mkdtempSync(join(tmpdir(), 'skillbench-electron-'));
  const app = await launchApp(userData);
  let closed = false;
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveTitle(/Skillbench/);
    expect(await app.evaluate(({ app: a }) => [a.getName(), a.getPath('userData')])).toEqual([
      'Skillbench',
      userData,
    ]);
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
    // Copy output needs clipboard-sanitized-write, which the session grants to our page only.
    expect(
      await page.evaluate(() =>
        navigator.permissions.query({ name: 'clipboard-write' as PermissionName }).then((s) => s.state),
      ),
    ).toBe('granted');
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe(
      'undefined',
    );
    // Quitting runs the shutdown at will-quit and ends the process (app.close() waits for it).
    await app.close();
    closed = true;
  } finally {
    if (!closed) await app.close();
  }
});
