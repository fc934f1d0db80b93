// Launches the real app with a temporary data folder, sees the bundled skills and runs a tool through the preload
// bridge exactly as the renderer does, checks what only a real Electron can show (the app's name and data folder,
// the clipboard permission, a real renderer crash, the process's own arguments), and quits through the app's own
// shutdown. The release workflow runs it against a packaged smoke build (SKILLBENCH_APP); elsewhere it launches the
// checkout.
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `extra` are the operands a user or the OS would pass (a folder, a skillbench:// link). */
async function launchApp(userData: string, extra: string[] = []): Promise<ElectronApplication> {
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = process.env;
  const options = {
    env: { ...env, SKILLBENCH_DATA_DIR: userData } as Record<string, string>,
    timeout: 60_000,
  };
  const packaged = process.env.SKILLBENCH_APP;
  if (!packaged) return electron.launch({ ...options, args: [root, ...extra], cwd: root });
  const executablePath = join(root, packaged);
  if (!existsSync(executablePath)) throw new Error(`SKILLBENCH_APP points at nothing: ${executablePath}`);
  try {
    return await electron.launch({ ...options, executablePath, args: extra });
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

type Bridge = Record<string, (request: object) => Promise<{ ok: boolean; value: unknown }>>;

/** A library folder of one's own, outside the bundled skills. */
function ownLibrary(): { folder: string; skillMd: string } {
  const folder = mkdtempSync(join(tmpdir(), 'skillbench-own-'));
  mkdirSync(join(folder, 'smoke-skill'));
  const skillMd = join(folder, 'smoke-skill', 'SKILL.md');
  writeFileSync(
    skillMd,
    '---\nname: smoke-skill\ndescription: Checks that a folder argument opens. Use in tests.\n---\n\nHi.\n',
  );
  return { folder, skillMd };
}

/** Calls the preload bridge from main, so it works on a page that crashed and was loaded again. */
function callBridge(app: ElectronApplication, method: string, request: object): Promise<unknown> {
  return app.evaluate(
    ({ BrowserWindow }, [m, r]) =>
      BrowserWindow.getAllWindows()[0]!.webContents.executeJavaScript(
        `window.skillbench[${JSON.stringify(m)}](${JSON.stringify(r)}).then((x) => x.ok ? x.value : x)`,
      ),
    [method, request] as const,
  );
}

async function closeApp(app: ElectronApplication): Promise<void> {
  await app.close().catch(() => undefined);
}

test('a folder argument opens that folder as a library root and shows its skill', async () => {
  const { folder } = ownLibrary();
  const app = await launchApp(mkdtempSync(join(tmpdir(), 'skillbench-electron-')), [folder]);
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('heading', { name: 'smoke-skill' })).toBeVisible({ timeout: 30_000 });
    const roots = (await page.evaluate(async () => {
      const api = (window as unknown as { skillbench: Bridge }).skillbench;
      return (await api.rootsList!({})).value;
    })) as Array<{ path: string; trusted?: boolean }>;
    // Opened, and untrusted: nothing in a folder handed over by the OS runs until the user trusts it.
    const opened = roots.find((r) => r.path === folder || r.path === realpathSync(folder));
    expect(opened?.trusted).toBe(false);
  } finally {
    await closeApp(app);
  }
});

test('a skillbench:// link opens the Add skills panel with its source and installs nothing', async () => {
  const userData = mkdtempSync(join(tmpdir(), 'skillbench-electron-'));
  const app = await launchApp(userData, ['skillbench://add?source=anthropics/skills']);
  try {
    const page = await app.firstWindow();
    const panel = page.getByRole('region', { name: 'Add skills' });
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByLabel('Source')).toHaveValue('anthropics/skills');
    await expect(panel.getByRole('region', { name: 'Installed' })).toHaveCount(0);
    // The same through macOS's open-url, which every platform's main listens to: a link refused is said, not opened.
    await app.evaluate(({ app: a }) => {
      a.emit('open-url', { preventDefault() {} }, 'skillbench://add?source=file:///etc');
    });
    await expect(page.getByText(/Skillbench did not open skillbench:\/\/add\?source=file/)).toBeVisible();
    await expect(panel.getByLabel('Source')).toHaveValue('anthropics/skills');
  } finally {
    await closeApp(app);
  }
});

test('a crashed page offers Reload, comes back working and keeps the unsaved draft', async () => {
  const { folder, skillMd } = ownLibrary();
  const app = await launchApp(mkdtempSync(join(tmpdir(), 'skillbench-electron-')), [folder]);
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('heading', { name: 'smoke-skill' })).toBeVisible({ timeout: 30_000 });
    const unsaved = '---\nname: smoke-skill\ndescription: Typed before the crash.\n---\n';
    await callBridge(app, 'draftsPut', { path: skillMd, text: unsaved, baseHash: null });
    // The recovery dialog is answered Reload (its first button); what it said is kept to check.
    await app.evaluate(({ BrowserWindow, dialog }) => {
      const seen = globalThis as unknown as { asked?: string[] };
      seen.asked = [];
      dialog.showMessageBox = ((_win: unknown, options: { message: string }) => {
        seen.asked!.push(options.message);
        return Promise.resolve({ response: 0, checkboxChecked: false });
      }) as unknown as typeof dialog.showMessageBox;
      BrowserWindow.getAllWindows()[0]!.webContents.forcefullyCrashRenderer();
    });
    await expect
      .poll(() => app.evaluate(() => (globalThis as unknown as { asked?: string[] }).asked), {
        timeout: 30_000,
      })
      .toEqual(['This window stopped working.']);
    await expect
      .poll(
        () =>
          app.evaluate(({ BrowserWindow }) => {
            const contents = BrowserWindow.getAllWindows()[0]!.webContents;
            return !contents.isCrashed() && !contents.isLoading();
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    const drafts = (await callBridge(app, 'draftsList', {})) as Array<{ path: string; text?: string }>;
    expect(drafts.map((d) => d.path)).toContain(skillMd);
    const listed = (await callBridge(app, 'skillsList', {})) as {
      entries: Array<{ skill?: { name: string } }>;
    };
    expect(listed.entries.map((e) => e.skill?.name)).toContain('smoke-skill');
  } finally {
    await closeApp(app);
  }
});
