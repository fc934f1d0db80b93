// Owns the one answer to "does this path lie inside that folder?", used wherever a path must not escape a root
// or a skill folder.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { SkillError } from '../../shared/errors.js';

/** True when `path` is `folder` itself or below it (both already resolved, or both real paths). */
export function isWithin(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * The real path of `path` (absolute paths refused, relative ones taken from `folder`) when it exists and,
 * links resolved, stays inside `folder`. `subject` names it in messages; `why` says what the rule protects.
 */
export function realPathInside(
  folder: string,
  path: string,
  what: string,
  subject: string,
  why: string,
): string {
  const folderReal = realpathSync(folder);
  let real: string;
  try {
    real = realpathSync(resolve(folderReal, path));
  } catch {
    throw new SkillError('NotFound', `${what}: ${subject} does not exist in the skill folder.`);
  }
  if (isAbsolute(path) || !isWithin(folderReal, real)) {
    throw new SkillError('PermissionDenied', `${what}: ${subject} is outside the skill folder; ${why}.`);
  }
  return real;
}
