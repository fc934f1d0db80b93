// The one path guard: files are read and written only inside configured roots (DESIGN.md "Security").
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { isWithin } from '../fs-confine.js';

/**
 * The real path of `path` when it lies inside one of `roots` (links resolved, so a link out of a root is refused).
 * A path that does not exist yet is judged by its nearest existing parent.
 */
export function confine(path: string, roots: readonly string[]): string {
  if (typeof path !== 'string' || path.includes('\0') || !isAbsolute(path)) {
    throw new SkillError(
      'PermissionDenied',
      `"${String(path)}" is not an absolute path inside a skill root.`,
    );
  }
  let existing = resolve(path);
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) break;
    rest.unshift(basename(existing));
    existing = parent;
  }
  const real = join(realpathSync.native(existing), ...rest);
  for (const root of roots) {
    let rootReal: string;
    try {
      rootReal = realpathSync.native(root);
    } catch {
      continue;
    }
    if (isWithin(rootReal, real)) return real;
  }
  throw new SkillError(
    'PermissionDenied',
    `${path} is outside every skill root; Skillbench only reads and writes inside its roots.`,
  );
}
