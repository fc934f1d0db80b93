// `skillbench serve`: the app in a browser, for machines without Electron (and for the end-to-end tests).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { userDataDir } from '../../core/app-data.js';
import { Host } from '../../host/host.js';
import { bundledSkillsDir, packageRoot } from '../../core/paths.js';
import { startBrowserServer } from '../browser-server.js';
import { openInBrowser } from '../open-browser.js';
import { printNotices, UsageError, type CliIo } from '../io.js';

/** How long the --open launcher file may wait for the browser before it is removed. */
const LAUNCHER_LIFETIME_MS = 2 * 60 * 1000;

export async function runServe(
  a: { paths: string[]; port?: string; open?: boolean; trust?: boolean },
  io: CliIo,
  waitForever = true,
): Promise<number> {
  const port = a.port === undefined ? 0 : Number(a.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port takes a port number (0-65535), not "${a.port}".`);
  const projectRoots = a.paths.map((p) => {
    const abs = resolve(io.cwd, p);
    if (!existsSync(abs)) throw new UsageError(`No such folder: ${p}`);
    return abs;
  });
  // A promise that fails with nobody waiting on it (a client gone mid-answer) is logged; it must not end the
  // server every other page relies on, as Node's default does.
  const onRejection = (reason: unknown) =>
    io.stderr(
      `skillbench serve: a background task failed (${reason instanceof Error ? reason.message : String(reason)}); still serving.\n`,
    );
  process.on('unhandledRejection', onRejection);
  const host = new Host({
    bundledSkills: bundledSkillsDir(),
    userDataDir: userDataDir(),
    projectRoots,
    ...(a.trust ? { trustProjectRoots: true } : {}),
  });
  printNotices(io, host.notices());
  const rendererDir = join(packageRoot(), 'dist', 'renderer');
  if (!existsSync(join(rendererDir, 'index.html')))
    io.stderr(
      'skillbench: the renderer is not built yet; run `npm run build` for the page (the API works without it).\n',
    );
  let launcher: string | undefined;
  const removeLauncher = () => {
    if (launcher) rmSync(launcher, { recursive: true, force: true });
    launcher = undefined;
  };
  const server = await startBrowserServer({
    host,
    rendererDir,
    port,
    log: (line) => io.stderr(`${line}\n`),
    onLaunchCodeUsed: removeLauncher,
  });
  io.stdout(`Skillbench is serving on ${server.url}\n`);
  io.stdout('Its code works once: the browser that opens it keeps the session until serve stops.\n');
  if (a.open) {
    launcher = writeLauncher(server.url);
    openInBrowser(join(launcher, 'open-skillbench.html'));
    setTimeout(removeLauncher, LAUNCHER_LIFETIME_MS).unref();
  }
  const stop = async () => {
    removeLauncher();
    await server.close();
    await host.close();
    process.off('unhandledRejection', onRejection);
  };
  if (!waitForever) {
    await stop();
    return 0;
  }
  await new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
  await stop();
  return 0;
}

/**
 * `--open` never puts the launch code on a command line (other users can read every process's arguments): the
 * browser is given a private file (0600 in a 0700 folder) that forwards to the link, removed once the code is used.
 */
function writeLauncher(url: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-open-'));
  const html = `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${url}"><title>Skillbench</title><a href="${url}">Open Skillbench</a>\n`;
  writeFileSync(join(dir, 'open-skillbench.html'), html, { mode: 0o600 });
  return dir;
}
