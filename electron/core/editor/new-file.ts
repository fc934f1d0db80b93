// Owns creating a file or folder in a skill folder from the file tree's templates (shared/new-files.ts): the path
// stays inside the folder (the one path guard, links resolved) and nothing that exists is ever overwritten.
// Tested by: test/unit/core/editor/new-file.test.ts
import { chmodSync, existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { NEW_FILE_TEMPLATES, newFilePathProblem, type NewFileKind } from '../../../shared/new-files.js';
import { isWithin, realPathOf, resolveInside } from '../fs/confine.js';

export interface CreatedFile {
  /** The absolute path of what was created. */
  path: string;
  folder: boolean;
}

/** Creates `path` (relative to `folder`, the template's own path when empty) as `kind` for the skill `skillName`. */
export function createSkillFile(
  folder: string,
  path: string,
  kind: NewFileKind,
  skillName: string,
): CreatedFile {
  const template = NEW_FILE_TEMPLATES[kind];
  const rel = (path.trim() || template.path).replace(/\/+$/, '');
  const problem = newFilePathProblem(rel);
  if (problem) throw new SkillError('InvalidArgs', problem);
  const folderReal = realpathSync.native(folder);
  const target = resolveInside(folderReal, folderReal, rel);
  // A link inside the skill folder may lead out of it: judged by where the nearest existing parent really is.
  if (!target || !isWithin(folderReal, realPathOf(target)))
    throw new SkillError(
      'PermissionDenied',
      `${rel} would be outside the skill folder (through a link); new files stay inside ${folder}.`,
    );
  if (existsSync(target))
    throw new SkillError(
      'Conflict',
      `${rel} already exists in the skill folder; nothing was changed. Pick another name, or open the one there.`,
    );
  if (template.folder) {
    mkdirSync(target, { recursive: true });
    return { path: target, folder: true };
  }
  mkdirSync(dirname(target), { recursive: true });
  // `wx` creates or fails: a file that appeared since the check above is still never overwritten.
  writeFileSync(target, template.text?.(skillName) ?? '', { flag: 'wx' });
  if (template.executable && process.platform !== 'win32') chmodSync(target, 0o755);
  return { path: target, folder: false };
}
