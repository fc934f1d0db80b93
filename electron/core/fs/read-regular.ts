// Owns reading a file that anyone could have put in a skill folder (a cloned repository's saved conversations): only
// a regular file, never through a link (a link to /dev/zero would be read forever), and only up to a size.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { SkillError } from '../../../shared/errors.js';
import { formatBytes } from '../../../shared/units.js';

/** `file`'s text when it is a regular file (not a link) of at most `maxBytes`; else a SkillError naming `what`. */
export function readRegularFile(file: string, maxBytes: number, what: string): string {
  let fd: number;
  try {
    // O_NOFOLLOW is 0 where the platform has none (Windows); the fstat below still refuses what is not a file.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP')
      throw new SkillError(
        'InvalidFormat',
        `${file} is a link: a ${what} is read only from a file of its own.`,
      );
    throw new SkillError('NotFound', `No ${what} at ${file} (${code ?? 'unreadable'}).`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new SkillError('InvalidFormat', `${file} is not a regular file, so it is not a ${what}.`);
    if (stat.size > maxBytes)
      throw new SkillError(
        'InvalidFormat',
        `${file} is larger than ${formatBytes(maxBytes)}: not a ${what} Skillbench saved.`,
      );
    // Read at most one byte past the cap, whatever the size said (a file growing while it is read).
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let read = 0;
    for (let n = 1; n > 0 && read < buffer.length; read += n)
      n = readSync(fd, buffer, read, buffer.length - read, read);
    if (read > maxBytes)
      throw new SkillError('InvalidFormat', `${file} grew past ${formatBytes(maxBytes)} while it was read.`);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
