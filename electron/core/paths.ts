// Owns where the app's own resources live, in development and when built.
// Tested by: test/unit/bundled-skills.test.ts
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/** The folder holding Skillbench's package.json (the repo in development, the app folder when built). */
export function packageRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'skillbench')
          return (cachedRoot = dir);
      } catch {
        /* not ours: keep looking */
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Skillbench could not find its own package.json; reinstall it.');
    dir = parent;
  }
}

/** The bundled example skills, the default library. */
export function bundledSkillsDir(): string {
  return join(packageRoot(), 'skills');
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
}
