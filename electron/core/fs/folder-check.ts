// Owns the one answer to "is this typed path a folder I can use?", in words that say how to fix it: the Settings
// field checks it as the author types (browser mode has no folder dialog), and adding a root refuses with it.
// Tested by: test/integration/host/folder-check.test.ts
import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/** `path` resolved, and what is wrong with it as a folder (undefined: it is one). */
export function checkFolder(path: string): { path: string; problem?: string } {
  const abs = resolve(path.trim());
  if (path.trim() === '') return { path: abs, problem: 'Type the full path of a folder.' };
  let isFolder: boolean;
  try {
    isFolder = statSync(abs).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      path: abs,
      problem:
        code === 'ENOENT' || code === 'ENOTDIR'
          ? `${abs} does not exist: check the spelling, or create the folder first.`
          : `${abs} cannot be read (${code ?? 'unknown error'}): check its permissions.`,
    };
  }
  return isFolder
    ? { path: abs }
    : { path: abs, problem: `${abs} is a file, not a folder: type the folder that holds it.` };
}
