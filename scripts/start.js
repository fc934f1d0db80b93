// `npm start`: builds what exists and opens the bundled skills. Until the desktop shell lands, that is the CLI view.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.node.json'], { cwd: root, stdio: 'inherit' });
const cli = join(root, 'bin', 'skillbench.js');
const run = (...args) => {
  process.stdout.write(`\n$ skillbench ${args.join(' ')}\n`);
  try {
    execFileSync(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit' });
  } catch (error) {
    process.exitCode = error.status ?? 1;
  }
};
process.stdout.write(
  'Skillbench: the desktop window is not part of this build yet; showing the bundled skills with the CLI.\n',
);
run('list');
run('validate');
process.stdout.write(
  '\nNext: run a tool with `npm run skillbench -- run text-toolkit echo --arg text=hi`, ' +
    'run the saved cases with `npm run skillbench -- test`, or see `npm run skillbench -- --help`.\n',
);
