// `npm start`: builds the app and opens it in Electron on the bundled skills. When the Electron binary is missing
// and cannot be downloaded, it says so in one paragraph and serves the same app in the browser instead.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The environment Electron starts with: the caller's, without ELECTRON_RUN_AS_NODE. Terminals that are Electron apps
 * themselves (VS Code's) can leave it set, and with it the binary runs as plain Node and rejects Chromium's switches
 * (issue 19).
 */
export function electronEnvironment(env) {
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...rest } = env;
  return rest;
}

function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(dir)) return undefined;
  const binary = () =>
    existsSync(pathFile) ? join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()) : undefined;
  let bin = binary();
  if (bin && existsSync(bin)) return bin;
  process.stdout.write('Downloading the Electron binary (first start only)…\n');
  const result = spawnSync(process.execPath, [join(dir, 'install.js')], {
    cwd: root,
    stdio: 'pipe',
    timeout: 180_000,
  });
  bin = binary();
  return result.status === 0 && bin && existsSync(bin) ? bin : undefined;
}

function browserMode(reason) {
  process.stdout.write(
    `\n${reason} Skillbench needs Electron's binary for its desktop window, and it is downloaded on first ` +
      'start (Electron 45 needs Node 22 or newer and access to its download site). Nothing is wrong with your ' +
      'checkout: the same app now runs in your browser instead, served on this machine only. Open the URL below ' +
      '(it carries a one-time token); press Ctrl+C to stop. To use the desktop window later, run ' +
      '`node node_modules/electron/install.js` on a connected machine, then `npm start` again.\n\n',
  );
  const serve = spawn(
    process.execPath,
    [join(root, 'bin', 'skillbench.js'), 'serve', ...(process.env.CI ? [] : ['--open'])],
    { cwd: root, stdio: 'inherit' },
  );
  serve.on('exit', (code) => process.exit(code ?? 0));
}

function main() {
  execFileSync(npm, ['run', '--silent', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (process.env.SKILLBENCH_BROWSER === '1') return browserMode('SKILLBENCH_BROWSER=1 is set.');
  const bin = electronBinary();
  if (!bin) return browserMode('The Electron binary is not installed and could not be downloaded.');
  const started = Date.now();
  const app = spawn(bin, ['.'], { cwd: root, stdio: 'inherit', env: electronEnvironment(process.env) });
  app.on('exit', (code) => {
    // An Electron that cannot even start (missing system libraries, no display) falls back too.
    if (code !== 0 && Date.now() - started < 10_000) browserMode(`Electron exited at start (code ${code}).`);
    else process.exit(code ?? 0);
  });
}

// Run as `node scripts/start.js`; importing the module (its test) runs nothing.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) main();
