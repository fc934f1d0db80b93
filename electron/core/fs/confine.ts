// The one path guard: the one answer to "does this path lie inside that folder?", used wherever a path must not
// escape a root or a skill folder, and `confine`, which the host applies to every path a request names
// (DESIGN.md "Security": files are read and written only inside configured roots).
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { SkillError } from '../../../shared/errors.js';

/** True when `path` is `folder` itself or below it (both already resolved, or both real paths). */
export function isWithin(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * `resolve(base, path)` when it lies inside `folder` (`isWithin`), else undefined: the answer a link check needs.
 * A plain relative path under `base === folder` (segments that are neither empty, `.` nor `..`; no `\` or `:`) is
 * inside by construction and is joined without normalizing: a library pass asks this for every link of every skill,
 * and `resolve` + `relative` allocate several strings per call. Anything else takes the general path.
 */
export function resolveInside(folder: string, base: string, path: string): string | undefined {
  if (base === folder && isPlainRelative(path) && isNormalFolder(folder))
    return `${folder}${sep}${sep === '/' ? path : path.replaceAll('/', sep)}`;
  const absolute = resolve(base, path);
  return isWithin(folder, absolute) ? absolute : undefined;
}

/** The last folder found already resolved (absolute, normalized, no trailing separator): a pass asks about one skill at a time. */
let normalFolder = '';
function isNormalFolder(folder: string): boolean {
  if (folder === normalFolder) return true;
  if (folder.endsWith(sep) || resolve(folder) !== folder) return false;
  normalFolder = folder;
  return true;
}

function isPlainRelative(path: string): boolean {
  if (path === '' || path.includes('\\') || path.includes(':')) return false;
  for (let start = 0; ;) {
    const slash = path.indexOf('/', start);
    const end = slash === -1 ? path.length : slash;
    const length = end - start;
    if (length === 0) return false; // a leading, doubled or trailing slash
    if (
      path.charCodeAt(start) === 46 &&
      (length === 1 || (length === 2 && path.charCodeAt(start + 1) === 46))
    )
      return false; // `.` or `..`
    if (slash === -1) return true;
    start = slash + 1;
  }
}

/**
 * Where `path` (relative to `folder`) really is: its real path, or why it is not a file of the folder. A path
 * written to leave the folder (absolute, or climbing out with `..`) is outside whether or not it exists; else it
 * is missing when nothing is there, and outside when links lead out of the folder.
 */
export function locateInside(
  folder: string,
  path: string,
): { real: string } | { problem: 'outside' | 'missing' } {
  let folderReal: string;
  try {
    folderReal = realpathSync(folder);
  } catch {
    return { problem: 'missing' };
  }
  const absolute = resolve(folderReal, path);
  if (isAbsolute(path) || !isWithin(folderReal, absolute)) return { problem: 'outside' };
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    return { problem: 'missing' };
  }
  return isWithin(folderReal, real) ? { real } : { problem: 'outside' };
}

/**
 * The real path of `path` inside `folder` (`locateInside`), or the error saying why not. `subject` names it in
 * messages; `why` says what the rule protects.
 */
export function realPathInside(
  folder: string,
  path: string,
  what: string,
  subject: string,
  why: string,
): string {
  const found = locateInside(folder, path);
  if ('real' in found) return found.real;
  if (found.problem === 'missing')
    throw new SkillError('NotFound', `${what}: ${subject} does not exist in the skill folder.`);
  throw new SkillError('PermissionDenied', `${what}: ${subject} is outside the skill folder; ${why}.`);
}

/**
 * The real path of `path`, links resolved; a path that does not exist yet is resolved through its nearest existing
 * parent (so a folder about to be created under a linked folder is placed where the link leads).
 */
/** The real path of `path` (links resolved), or undefined when it does not exist or cannot be read. */
export function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync.native(path); // one syscall; the JS realpath lstat-s every path component
  } catch {
    return undefined;
  }
}

export function realPathOf(path: string): string {
  let existing = resolve(path);
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) break;
    rest.unshift(basename(existing));
    existing = parent;
  }
  return join(realpathSync.native(existing), ...rest);
}

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
  const real = realPathOf(path);
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
