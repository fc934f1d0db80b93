// Owns whole-skill operations: create from a template, duplicate, rename (folder and `name` together), delete to
// the trash. Manifest edits touch only the `name` value, so comments and layout survive.
import { cpSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { suggestName } from '../skills/rules/name.js';
import { MANIFEST_FORMATS } from '../../../shared/manifest-formats.js';
import { parseManifest } from '../skills/validate.js';
import { readFileSnapshot, saveFileAtomically } from './save-file.js';
import { moveToTrash } from '../fs/trash.js';

const VALID_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function checkName(name: string): void {
  if (!VALID_NAME.test(name) || name.length > 64) {
    const suggestion = suggestName(name);
    throw new SkillError(
      'InvalidArgs',
      `"${name}" is not a valid skill name: use lowercase letters, digits and single hyphens (at most 64)${suggestion ? `, e.g. "${suggestion}"` : ''}.`,
    );
  }
}

/** The manifest of a skill folder, by format precedence. */
export function manifestOf(folder: string): string {
  for (const { file } of MANIFEST_FORMATS) {
    const path = join(folder, file);
    if (existsSync(path)) return path;
  }
  throw new SkillError(
    'NotFound',
    `${folder} holds no skill manifest (SKILL.md, SKILL.toml, manifest.toml or skill.json).`,
  );
}

/** Sets the manifest's `name` value in place (YAML, TOML and JSON alike), or adds it to SKILL.md frontmatter. */
export function setManifestName(manifest: string, name: string): void {
  const snapshot = readFileSnapshot(manifest);
  const raw = parseManifest(manifest, snapshot);
  if (!raw.data)
    throw new SkillError('ParseError', `${manifest} cannot be parsed; fix it before renaming the skill.`);
  const span = raw.span(['name'], 'value');
  const value = raw.format === 'skill-md' ? name : JSON.stringify(name);
  let text: string;
  if (span && 'name' in raw.data) {
    text = snapshot.text.slice(0, span[0]) + value + snapshot.text.slice(span[1]);
  } else if (raw.format === 'skill-md') {
    const at = raw.lines.lineStart(raw.headerRange.line + 1);
    text = `${snapshot.text.slice(0, at)}name: ${name}${snapshot.eol}${snapshot.text.slice(at)}`;
  } else {
    throw new SkillError('InvalidFormat', `${manifest} has no \`name\` to change; add one first.`);
  }
  saveFileAtomically(manifest, text, { expectedHash: snapshot.hash });
}

export const SKILL_TEMPLATE = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n# ${name}\n\nDescribe, step by step, what the model should do when this skill is used.\n`;

/** A new skill folder under `root` with a SKILL.md from the template. */
export function createSkill(
  root: string,
  name: string,
  description = 'Describe what this skill does and when to use it.',
): string {
  checkName(name);
  const folder = join(root, name);
  if (existsSync(folder)) throw new SkillError('Conflict', `${folder} already exists; choose another name.`);
  mkdirSync(folder, { recursive: true });
  saveFileAtomically(join(folder, 'SKILL.md'), SKILL_TEMPLATE(name, description), { expectedHash: null });
  return folder;
}

/** A copy of a skill folder under a new name (next to it, or in `intoRoot`), its manifest's `name` changed to match. */
export function duplicateSkill(folder: string, newName: string, intoRoot: string = dirname(folder)): string {
  checkName(newName);
  const target = join(intoRoot, newName);
  if (existsSync(target)) throw new SkillError('Conflict', `${target} already exists; choose another name.`);
  manifestOf(folder);
  // verbatimSymlinks: links are copied as links, never followed (a link out of the skill stays a link).
  cpSync(folder, target, { recursive: true, verbatimSymlinks: true, errorOnExist: true });
  setManifestName(manifestOf(target), newName);
  return target;
}

/** Renames the folder and the manifest's `name` together; the manifest is edited first, so a failure leaves both as they were. */
export function renameSkill(folder: string, newName: string): string {
  checkName(newName);
  const target = join(dirname(folder), newName);
  if (basename(folder) !== newName && existsSync(target))
    throw new SkillError('Conflict', `${target} already exists; choose another name.`);
  const manifest = manifestOf(folder);
  const before = readFileSnapshot(manifest);
  setManifestName(manifest, newName);
  if (basename(folder) === newName) return folder;
  try {
    renameSync(folder, target);
  } catch (error) {
    saveFileAtomically(manifest, before.text, { bom: before.bom });
    throw new SkillError(
      'Io',
      `Could not rename ${folder}: ${(error as Error).message}. The skill was left as it was.`,
    );
  }
  return target;
}

/** Moves a skill folder to the OS trash. */
export function deleteSkill(folder: string): string | undefined {
  manifestOf(folder);
  return moveToTrash(folder);
}
