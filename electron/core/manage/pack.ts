// Owns packing a skill for upload to hosted apps (issue 17): a zip holding one folder named after the skill, checked
// with the `portable` profile (the Agent Skills spec plus the hosted upload rules), without junk (VCS folders,
// dependency caches, OS and editor leftovers, links), and within the size limit.
import { basename, join } from 'node:path';
import { Zip, ZipDeflate } from 'fflate';
import { SkillError } from '../../../shared/errors.js';
import { formatBytes } from '../../../shared/units.js';
import { remedy, type Audience, type Remedy } from '../../../shared/remedy.js';
import type { PackResultView } from '../../../shared/manage-types.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { Workspace } from '../workspace.js';

import { readChunks, skillFiles, type SkillFile } from './skill-hash.js';

/** A name usable as the zip's folder and file name (no separators, no `..`), as Claude's apps take it. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The smallest hosted upload limit we pack for: the Claude API's 8 MB per skill upload. */
const MAX_PACK_BYTES = 8 * 1024 * 1024;

/** Every entry's time, so packing the same files twice gives the same bytes. */
const PACK_MTIME = new Date('2000-01-01T00:00:00Z');

const JUNK_FOLDERS = new Set([
  '__pycache__',
  '.venv',
  'venv',
  '.pytest_cache',
  '.mypy_cache',
  '.idea',
  '.vscode',
  '.skillbench',
]);
const JUNK_FILES = [
  /^\.DS_Store$/,
  /^Thumbs\.db$/i,
  /^desktop\.ini$/i,
  /\.pyc$/,
  /\.swp$/,
  /~$/,
  /^\.env(\..*)?$/,
  /\.log$/,
];

/** Whether a file of a skill folder stays out of a package (the hash already skips `.git` and `node_modules`). */
function isJunk(relativePath: string): boolean {
  const parts = relativePath.split('/');
  const name = parts[parts.length - 1] ?? '';
  return parts.slice(0, -1).some((p) => JUNK_FOLDERS.has(p)) || JUNK_FILES.some((re) => re.test(name));
}

/** What packing wrote: the same shape the app's `manage:pack` answers with. */
type PackResult = PackResultView;

/**
 * The zip of `files` under one folder `name`, compressed file by file and chunk by chunk, or undefined as soon as the
 * output passes `limit` bytes: a skill holding a file of gigabytes is refused after reading only as much of it as
 * fits, never loaded whole.
 */
function zipWithin(name: string, files: readonly SkillFile[], limit: number): Uint8Array | undefined {
  const parts: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const zip = new Zip((error, data) => {
    if (error) throw error;
    size += data.length;
    if (size > limit) over = true;
    else parts.push(data);
  });
  for (const f of files) {
    if (over) break;
    const entry = new ZipDeflate(`${name}/${f.path}`, { level: 9 });
    entry.mtime = PACK_MTIME;
    zip.add(entry);
    readChunks(f.full, (chunk) => {
      entry.push(chunk);
      return !over;
    });
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  if (over) return undefined;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Packing in spite of errors: the CLI's flag, the Pack panel's button. */
const PACK_ANYWAY: Remedy = { cli: '--force', app: 'Pack anyway' };

/** Packs the skill in `folder` into `out` (default `<name>.zip` beside the working directory); errors block unless forced. */
export function packSkill(
  folder: string,
  out: string | undefined,
  opts: { cwd: string; force?: boolean; audience: Audience },
): PackResult {
  const ws = Workspace.open({ roots: [{ path: folder, kind: 'project', id: 'pack' }], profile: 'portable' });
  const entry = ws.entries.find((e) => e.status !== 'excluded' && e.skill);
  void ws.close();
  if (!entry?.skill)
    throw new SkillError('NotFound', `${folder} holds no readable skill manifest (SKILL.md).`);
  // Even with --force: the name becomes the zip's folder and the default file name, so `../x` would write and
  // unpack outside their folders (red-team L4).
  if (!SAFE_NAME.test(entry.skill.name))
    throw new SkillError(
      'InvalidArgs',
      `The skill name "${entry.skill.name}" (${join(folder, 'SKILL.md')}) cannot be a folder name (letters, digits, ".", "_" and "-" only, starting with a letter or digit), so it cannot be packed, even with ${remedy(PACK_ANYWAY, opts.audience)}. Fix the name, for example to "${basename(folder)}".`,
    );
  const findings = entry.diagnostics;
  const errors = findings.filter((d) => d.severity === 'error');
  if (errors.length && !opts.force)
    throw new SkillError(
      'ConfigValidation',
      `${entry.skill.name} does not pass the portable profile hosted apps check:\n${errors.map((d) => `  ${basename(d.file)}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n')}\nFix these (or ${remedy({ cli: 'pass --force to pack anyway', app: 'choose Pack anyway' }, opts.audience)}).`,
      { findings: findings.map((d) => ({ code: d.code, severity: d.severity, message: d.message })) },
    );
  const name = entry.skill.name;
  const all = skillFiles(folder);
  const kept = all.filter((f) => !isJunk(f.path));
  const zip = zipWithin(name, kept, MAX_PACK_BYTES);
  if (!zip) {
    const total = kept.reduce((n, f) => n + f.size, 0);
    throw new SkillError(
      'InvalidArgs',
      `The package would be over the ${MAX_PACK_BYTES / 1024 / 1024} MiB upload limit (its ${kept.length} files hold ${formatBytes(total)} before compression): move large assets out of the skill.`,
    );
  }
  const file = out ?? join(opts.cwd, `${name}.zip`);
  writeFileAtomically(file, zip);
  return {
    file,
    name,
    files: kept.map((f) => f.path),
    skipped: all.filter((f) => isJunk(f.path)).map((f) => f.path),
    bytes: zip.length,
    contentBytes: kept.reduce((n, f) => n + f.size, 0),
    findings,
  };
}
