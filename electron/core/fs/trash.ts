// Owns deleting to the OS trash, so a deleted skill can be restored: freedesktop Trash on Linux, ~/.Trash on
// macOS, the Recycle Bin on Windows.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';

function uniqueName(folder: string, name: string): string {
  let candidate = name;
  for (let n = 2; existsSync(join(folder, candidate)); n++) candidate = `${name}.${n}`;
  return candidate;
}

/** rename(2), or copy + remove when the trash is on another device. */
function move(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    rmSync(from, { recursive: true, force: true });
  }
}

/**
 * Moves a file or folder to the trash; returns where it went (undefined on Windows, where the shell decides).
 * `originalPath` is where the item lived when it was moved aside before trashing (an install's staging backup): the
 * trash names it after that path and, on Linux, restores it there. On Windows the Recycle Bin records the current path.
 */
export function moveToTrash(path: string, originalPath: string = path): string | undefined {
  const target = resolve(path);
  const original = resolve(originalPath);
  if (!existsSync(target)) throw new SkillError('NotFound', `${target} does not exist.`);
  try {
    if (process.platform === 'win32') {
      const script =
        'Add-Type -AssemblyName Microsoft.VisualBasic; $p = $env:SKILLBENCH_TRASH_PATH; ' +
        "if (Test-Path -LiteralPath $p -PathType Container) { [Microsoft.VisualBasic.FileIO.FileSystem]::DeleteDirectory($p, 'OnlyErrorDialogs', 'SendToRecycleBin') } " +
        "else { [Microsoft.VisualBasic.FileIO.FileSystem]::DeleteFile($p, 'OnlyErrorDialogs', 'SendToRecycleBin') }";
      execFileSync('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script], {
        env: { ...process.env, SKILLBENCH_TRASH_PATH: target },
        stdio: 'ignore',
      });
      return undefined;
    }
    if (process.platform === 'darwin') {
      const trash = join(homedir(), '.Trash');
      mkdirSync(trash, { recursive: true });
      const to = join(trash, uniqueName(trash, basename(original)));
      move(target, to);
      return to;
    }
    // freedesktop.org Trash specification: files/ holds the item, info/<name>.trashinfo says where it came from.
    const trash = join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'Trash');
    mkdirSync(join(trash, 'files'), { recursive: true });
    mkdirSync(join(trash, 'info'), { recursive: true });
    const name = uniqueName(join(trash, 'files'), basename(original));
    const info = `[Trash Info]\nPath=${encodeURI(original)}\nDeletionDate=${new Date().toISOString().slice(0, 19)}\n`;
    writeFileSync(join(trash, 'info', `${name}.trashinfo`), info, { flag: 'wx' });
    const to = join(trash, 'files', name);
    move(target, to);
    return to;
  } catch (error) {
    if (error instanceof SkillError) throw error;
    throw new SkillError(
      'Io',
      `Could not move ${target} to the trash: ${(error as Error).message}. Nothing was deleted.`,
    );
  }
}
