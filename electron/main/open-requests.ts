// Owns what the OS hands the app to open: folder and file arguments of the first and of a second launch (relative to
// that launch's working directory), macOS open-file and open-url, and skillbench:// links. Requests wait here until
// the page takes them (`app:take-open-requests`, told by `app:open-requested`), so none is lost while the window is
// still loading.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { classifyOpenPath, type OpenRequest } from '../../shared/open-request.js';
import { isSkillLink, parseSkillLink } from './skill-link.js';

/** At most this many requests wait (a script launching the app in a loop must not grow main's memory). */
const MAX_WAITING = 50;

/**
 * The arguments that name something to open: not the executable, no switch (`--inspect`, Chromium's own, or `--`
 * itself), and not the app folder of `electron .` (a default app), which is the first non-switch even when switches
 * come before it (`electron --inspect=0 . ~/skills`, as Playwright launches it).
 */
export function openArguments(argv: readonly string[], isDefaultApp: boolean): string[] {
  const operands = argv.slice(1).filter((arg) => !arg.startsWith('-'));
  return isDefaultApp ? operands.slice(1) : operands;
}

function kindOf(path: string): 'folder' | 'file' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}

function requestForPath(path: string): OpenRequest {
  return classifyOpenPath(path, kindOf(path));
}

function requestForLink(link: string): OpenRequest {
  const parsed = parseSkillLink(link);
  return parsed.ok
    ? { kind: 'add-source', source: parsed.source, from: 'link' }
    : { kind: 'refused', what: link.slice(0, 200), reason: parsed.reason };
}

export class OpenRequests {
  private waiting: OpenRequest[] = [];

  /** `arrived` tells the windows that requests wait (and brings one to the front). */
  constructor(
    private readonly arrived: () => void,
    private readonly log: (message: string) => void,
  ) {}

  /** A launch's arguments, relative paths read from that launch's working directory. */
  addArguments(argv: readonly string[], workingDirectory: string, isDefaultApp: boolean): void {
    const args = openArguments(argv, isDefaultApp);
    for (const arg of args)
      this.add(isSkillLink(arg) ? requestForLink(arg) : requestForPath(resolve(workingDirectory, arg)));
  }

  addPath(path: string): void {
    this.add(requestForPath(resolve(path)));
  }

  addLink(link: string): void {
    this.add(requestForLink(link));
  }

  /** Hands the waiting requests to the page that asks, once. */
  take(): OpenRequest[] {
    const taken = this.waiting;
    this.waiting = [];
    return taken;
  }

  get size(): number {
    return this.waiting.length;
  }

  private add(request: OpenRequest): void {
    this.log(
      request.kind === 'refused'
        ? `Refused to open ${request.what}: ${request.reason}.`
        : `Asked to open ${request.kind === 'folder' ? request.path : request.source}.`,
    );
    if (this.waiting.length >= MAX_WAITING) this.waiting.shift();
    this.waiting.push(request);
    this.arrived();
  }
}
