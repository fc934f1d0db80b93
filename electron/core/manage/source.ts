// Owns where skills are added from (issue 17): parsing a source (a local folder, a .skill/.zip file, a git URL,
// `owner/repo` shorthand with an optional path and `#ref`) and fetching it into a temporary folder. Git runs through
// the system `git`; shorthand resolves against a base URL (https://github.com unless SKILLBENCH_GIT_BASE says
// otherwise, which is how tests point it at local bare repositories). Fetching is asynchronous and cancellable (the
// app's host answers other requests while a clone runs; Cancel and Ctrl-C stop git and remove its temporary folder).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { SkillError } from '../../../shared/errors.js';
import type { ManageStep } from '../../../shared/manage-types.js';
import { isWithin, realPathOf } from '../fs/confine.js';
import { processAlive } from '../pid.js';
import { runProcess } from '../tools/process-runner.js';
import { cancelledError, checkCancelled, isCancelled } from './cancel.js';

export type SourceType = 'github' | 'git' | 'local' | 'archive';

export interface SkillSource {
  type: SourceType;
  /** As recorded in the lockfile: `owner/repo`, the git URL, or the absolute local path. */
  source: string;
  /** What is fetched: the clone URL, or the local path. */
  url: string;
  ref?: string;
  /** A folder inside the source to look in ('/'-separated). */
  subpath?: string;
}

const DEFAULT_GIT_BASE = 'https://github.com';
/** Archives are read whole: bounded so a hostile file cannot fill memory or disk. */
const MAX_ARCHIVE_BYTES = 100 * 1024 * 1024;
const MAX_ARCHIVE_ENTRIES = 10_000;

const SHORTHAND = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)((?:\/[^#\s]+)*)\/?$/;
const GITHUB_TREE = /^https:\/\/github\.com\/([^/]+)\/([^/]+?)(?:\.git)?\/tree\/([^/]+)(?:\/(.+?))?\/?$/;

/**
 * A source is a path only when it says so (`./`, `../`, `/`, `~`, a drive letter, `.` or `..`), or is a bare
 * `name.zip`/`name.skill` (no `/`, so never shorthand): otherwise a folder `owner/repo` in the working directory
 * would stand in for the `owner/repo` the user meant (red-team L3).
 */
function looksLikePath(text: string): boolean {
  return (
    /^(\.{1,2}|~)([\\/]|$)|^[\\/]/.test(text) ||
    /^[A-Za-z]:[\\/]/.test(text) ||
    isAbsolute(text) ||
    (/\.(zip|skill)$/i.test(text) && !/[\\/]/.test(text))
  );
}

/** Parses what the user typed; `cwd` resolves relative paths, `gitBase` the shorthand. */
export function parseSource(input: string, opts: { cwd: string; gitBase?: string }): SkillSource {
  const text = input.trim();
  if (!text)
    throw new SkillError('InvalidArgs', 'No source given: name a folder, a .zip/.skill file or a git URL.');
  if (looksLikePath(text)) {
    const local = resolve(opts.cwd, /^~([\\/]|$)/.test(text) ? join(homedir(), text.slice(2)) : text);
    if (!existsSync(local))
      throw new SkillError('NotFound', `No such folder or file: ${text} (resolved to ${local}).`);
    const stat = statSync(local);
    if (stat.isDirectory()) return { type: 'local', source: local, url: local };
    if (stat.isFile() && /\.(zip|skill)$/i.test(local)) return { type: 'archive', source: local, url: local };
    throw new SkillError(
      'InvalidFormat',
      `${text} is not a folder or a .zip or .skill archive file: give a skill folder, an archive or a git source.`,
    );
  }
  const [base, ref] = splitRef(text);
  const tree = GITHUB_TREE.exec(base);
  if (tree) {
    const [, owner, repo, treeRef, path] = tree;
    return {
      type: 'github',
      source: `${owner}/${repo}`,
      url: `https://github.com/${owner}/${repo}.git`,
      ref: ref ?? treeRef,
      ...(path ? { subpath: path } : {}),
    };
  }
  // The transports git is allowed to use (GIT_ALLOW_PROTOCOL below): plain http is not one.
  if (/^(https|ssh|git|file):\/\//.test(base) || /^[\w.-]+@[\w.-]+:/.test(base))
    return { type: 'git', source: base, url: base, ...(ref ? { ref } : {}) };
  const short = SHORTHAND.exec(base);
  if (short) {
    const [, owner, repo, path] = short;
    const gitBase = (opts.gitBase ?? DEFAULT_GIT_BASE).replace(/\/+$/, '');
    return {
      type: 'github',
      source: `${owner}/${repo}`,
      url: `${gitBase}/${owner}/${repo}.git`,
      ...(ref ? { ref } : {}),
      ...(path ? { subpath: path.slice(1) } : {}),
    };
  }
  if (existsSync(resolve(opts.cwd, text)))
    throw new SkillError(
      'InvalidArgs',
      `"${text}" is not a source Skillbench understands. To add the local ${statSync(resolve(opts.cwd, text)).isDirectory() ? 'folder' : 'file'} of that name, write ./${text} (local paths start with ./, ../, / or ~).`,
    );
  throw new SkillError(
    'InvalidArgs',
    `"${text}" is not a source Skillbench understands. Use a local folder or .zip/.skill file (starting with ./, ../, / or ~), a git URL (https://, ssh://, git@host:, file://), or owner/repo[/path/to/skill][#branch-or-tag].`,
  );
}

function splitRef(text: string): [string, string | undefined] {
  const at = text.lastIndexOf('#');
  return at > 0 ? [text.slice(0, at), text.slice(at + 1) || undefined] : [text, undefined];
}

/** A source made readable on disk; `dispose` removes what fetching created (never a local source). */
export interface FetchedSource {
  source: SkillSource;
  /** The folder the source's paths are relative to (the clone, the unpacked archive, the local folder). */
  dir: string;
  /** Where to look for skills: `dir`, or `dir/subpath`. */
  root: string;
  /** The commit checked out (git sources). */
  commit?: string;
  dispose(): void;
}

/** How a run is followed and stopped: progress as each step happens, and a signal that cancels it. */
export interface RunControl {
  signal?: AbortSignal;
  onProgress?: (step: ManageStep) => void;
}

/** Temporary clones and unpacked archives are `<tmp>/skillbench-source-<pid>-<random>`. */
const SOURCE_TEMP_PREFIX = 'skillbench-source-';

/**
 * Removes the temporary folders of fetches whose process is gone: a run killed hard mid-clone cannot clean up, and
 * git may even finish the clone after it. Returns what was removed.
 */
export function removeStaleSourceFolders(): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(SOURCE_TEMP_PREFIX)) continue;
    const pid = Number(name.slice(SOURCE_TEMP_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || processAlive(pid)) continue;
    const dir = join(tmpdir(), name);
    try {
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      /* another user's, or in use: left alone */
    }
  }
  return removed;
}

/**
 * Fetches a source: clones git sources (shallow, at `ref`), unpacks archives, reads local folders in place. When
 * `signal` is aborted, git is stopped, the temporary folder removed, and a `Cancelled` error thrown.
 */
export async function fetchSource(source: SkillSource, run: RunControl = {}): Promise<FetchedSource> {
  const what = `fetching ${source.source}`;
  checkCancelled(run.signal, what);
  run.onProgress?.({ step: 'fetching', source: source.source });
  if (source.type === 'local') return inPlace(source, source.url, () => undefined);
  removeStaleSourceFolders();
  const temp = await mkdtemp(join(tmpdir(), `${SOURCE_TEMP_PREFIX}${process.pid}-`));
  const dispose = () => rmSync(temp, { recursive: true, force: true });
  try {
    if (source.type === 'archive') {
      unpackArchive(source.url, temp);
      checkCancelled(run.signal, what);
      return inPlace(source, temp, dispose);
    }
    const dir = join(temp, 'repo');
    await git(
      [
        'clone',
        '--quiet',
        '--depth',
        '1',
        ...(source.ref ? ['--branch', source.ref] : []),
        '--',
        source.url,
        dir,
      ],
      temp,
      `Could not clone ${source.url}${source.ref ? ` at ${source.ref}` : ''}`,
      run.signal,
    );
    const commit = (
      await git(['rev-parse', 'HEAD'], dir, 'Could not read the cloned commit', run.signal)
    ).trim();
    checkCancelled(run.signal, what);
    return { ...inPlace(source, dir, dispose), commit };
  } catch (error) {
    dispose();
    throw isCancelled(error) ? cancelledError(what) : error;
  }
}

function inPlace(source: SkillSource, dir: string, dispose: () => void): FetchedSource {
  const parts = source.subpath?.split('/').filter(Boolean) ?? [];
  const root = resolve(dir, ...parts);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    dispose();
    throw new SkillError('NotFound', `${source.source} has no folder "${source.subpath ?? ''}".`);
  }
  // Compared as real paths: a path inside a repository that is (or passes through) a link could lead anywhere on
  // this machine, so it is refused (red-team M1); so are `.` and `..` steps.
  if (
    parts.some((p) => p === '.' || p === '..') ||
    !isWithin(realPathOf(dir), realPathOf(root)) ||
    realPathOf(root) !== resolve(realPathOf(dir), ...parts)
  ) {
    dispose();
    throw new SkillError(
      'PermissionDenied',
      `${source.source}: "${source.subpath ?? ''}" passes through a link (or a "..") inside the source; only plain folders of the source can be installed from. Name the folder the link points to inside the source, or add it from its own path.`,
    );
  }
  return { source, dir, root, dispose };
}

/** The git tree SHA of a folder at HEAD of a clone (what the `skills` CLI records as `skillFolderHash`). */
export async function gitTreeHash(clone: string, folder: string): Promise<string | undefined> {
  try {
    return (await git(['rev-parse', folder ? `HEAD:${folder}` : 'HEAD^{tree}'], clone, 'rev-parse')).trim();
  } catch {
    return undefined;
  }
}

/** Runs the system git through the one process runner: its whole tree is killed on cancel or after two minutes. */
async function git(args: string[], cwd: string, what: string, signal?: AbortSignal): Promise<string> {
  let r;
  try {
    r = await runProcess({
      file: 'git',
      args,
      cwd,
      // Only the transports a source may name: never `ext::` (runs a command) or `fd::`, even from a lockfile.
      env: {
        ...(process.env as Record<string, string>),
        GIT_TERMINAL_PROMPT: '0',
        GIT_ALLOW_PROTOCOL: 'https:ssh:git:file',
      },
      timeoutMs: 120_000,
      ...(signal ? { signal } : {}),
      what: `git ${args[0] ?? ''}`,
    });
  } catch (error) {
    if (isCancelled(error)) throw error;
    if (error instanceof SkillError && error.code === 'Timeout')
      throw new SkillError(
        'Timeout',
        `${what}: git did not finish within 2 minutes and was stopped. Check the URL and the network, then try again (or add the skill from a local folder).`,
      );
    if (error instanceof SkillError && (error.details as { errno?: string } | undefined)?.errno === 'ENOENT')
      throw new SkillError(
        'NotFound',
        'git is not installed (or not on PATH), and this source is a git repository. Install git (https://git-scm.com/downloads), or add the skill from a local folder or a .zip file.',
      );
    throw new SkillError('Io', `${what}: ${(error as Error).message}`);
  }
  if (r.exitCode !== 0)
    throw new SkillError('Io', `${what}: ${r.stderr.trim() || `git exited with ${r.exitCode ?? r.signal}`}`);
  return r.stdout;
}

/** Unpacks a zip into `into`, refusing entries that would land outside it and archives over the limits. */
export function unpackArchive(file: string, into: string): void {
  // Checked before reading: a device (`/dev/zero`) or a huge file would otherwise be read whole (red-team M4, L6).
  const stat = statSync(file);
  if (!stat.isFile())
    throw new SkillError(
      'InvalidFormat',
      `${file} is not a regular file, so it is not a .zip or .skill archive.`,
    );
  if (stat.size > MAX_ARCHIVE_BYTES)
    throw new SkillError('InvalidFormat', `${file} is larger than ${MAX_ARCHIVE_BYTES / 1024 / 1024} MiB.`);
  const bytes = readFileSync(file);
  if (bytes.length > MAX_ARCHIVE_BYTES)
    throw new SkillError('InvalidFormat', `${file} is larger than ${MAX_ARCHIVE_BYTES / 1024 / 1024} MiB.`);
  // fflate writes a link entry as a file holding its target; a link is never what a skill archive should carry, and
  // an entry under it would then fail half-way.
  const links = linkEntries(bytes);
  if (links.length)
    throw new SkillError(
      'InvalidFormat',
      `${file} holds ${links.length === 1 ? 'a symbolic link' : `${links.length} symbolic links`} (${links.slice(0, 5).join(', ')}); Skillbench installs files and folders only, so nothing was added. Replace each link with the file it points to and pack the archive again.`,
    );
  let entries: Record<string, Uint8Array>;
  let total = 0;
  let count = 0;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        count++;
        total += f.originalSize;
        if (count > MAX_ARCHIVE_ENTRIES || total > MAX_ARCHIVE_BYTES)
          throw new SkillError('InvalidFormat', `${file} unpacks to more than the limits (files or size).`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof SkillError) throw error;
    throw new SkillError(
      'InvalidFormat',
      `${file} is not a readable zip archive: ${(error as Error).message}`,
    );
  }
  for (const [name, data] of Object.entries(entries)) {
    const parts = name.split(/[\\/]+/).filter((p) => p && p !== '.');
    if (parts.some((p) => p === '..') || /^([\\/]|[A-Za-z]:)/.test(name))
      throw new SkillError(
        'InvalidFormat',
        `${file} holds "${name}", a path outside the archive; nothing was added.`,
      );
    if (parts.length === 0 || parts.includes('__MACOSX')) continue;
    const target = join(into, ...parts);
    try {
      if (name.endsWith('/')) {
        mkdirSync(target, { recursive: true });
        continue;
      }
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, data);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOTDIR' && code !== 'EISDIR') throw error;
      throw new SkillError(
        'InvalidFormat',
        `${file} holds "${name}" where another entry is a ${code === 'EISDIR' ? 'folder' : 'file'} of the same path; nothing was added. Fix the archive.`,
      );
    }
  }
}

/**
 * Names of the entries a zip's central directory marks as symbolic links (made on Unix, file type S_IFLNK in the
 * external attributes). A directory that cannot be found is left to the unzipper, which refuses it.
 */
function linkEntries(zip: Uint8Array): string[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => (at + 2 <= zip.length ? view.getUint16(at, true) : 0);
  const u32 = (at: number) => (at + 4 <= zip.length ? view.getUint32(at, true) : 0);
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (u32(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) return [];
  const links: string[] = [];
  let at = u32(end + 16);
  for (let i = 0, n = u16(end + 10); i < n && u32(at) === 0x02014b50; i++) {
    const nameLength = u16(at + 28);
    const madeOnUnix = zip[at + 5] === 3;
    if (madeOnUnix && ((u32(at + 38) >>> 16) & 0o170000) === 0o120000)
      links.push(Buffer.from(zip.subarray(at + 46, at + 46 + nameLength)).toString('utf8'));
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return links;
}
