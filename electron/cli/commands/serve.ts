// `skillbench serve`: the app in a browser, for machines without Electron (and for the end-to-end tests).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { userDataDir } from '../../core/history/history-store.js';
import { Host } from '../../host/host.js';
import { bundledSkillsDir, packageRoot } from '../../core/paths.js';
import { startBrowserServer } from '../browser-server.js';
import { UsageError, type CliIo } from '../io.js';

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
  const host = new Host({
    bundledSkills: bundledSkillsDir(),
    userDataDir: userDataDir(),
    projectRoots,
    ...(a.trust ? { trustProjectRoots: true } : {}),
  });
  const rendererDir = join(packageRoot(), 'dist', 'renderer');
  if (!existsSync(join(rendererDir, 'index.html')))
    io.stderr(
      'skillbench: the renderer is not built yet; run `npm run build` for the page (the API works without it).\n',
    );
  const server = await startBrowserServer({ host, rendererDir, port });
  io.stdout(`Skillbench is serving on ${server.url}\n`);
  if (a.open) openInBrowser(server.url);
  if (!waitForever) {
    await server.close();
    await host.close();
    return 0;
  }
  await new Promise<void>((done) => {
    const stop = () => done();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  await host.close();
  return 0;
}

function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
}
