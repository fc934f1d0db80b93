#!/usr/bin/env node
// Entry point of the `skillbench` command: runs the built CLI, or says how to build it.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli', 'index.js');
if (!existsSync(cli)) {
  process.stderr.write(
    'skillbench: the CLI is not built yet. Run `npm run build` (or `npm start`) in the Skillbench folder first.\n',
  );
  process.exit(2);
}
const { runCli } = await import(pathToFileURL(cli).href);
process.exitCode = await runCli(process.argv.slice(2));
