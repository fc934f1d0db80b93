// A `git` that holds every clone until the test lets it go, then runs the real git: put first on PATH, it makes a
// fetch last exactly as long as a test needs (no timers), so tests can act while a clone is running. Plain Node (no
// test runner imports): the vitest and the Playwright tests share it.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SlowGit {
  /** The folder to put first on PATH. */
  bin: string;
  /** Resolves with the waiting clone's process id once a clone has started and is held. */
  started(): Promise<number>;
  /** Lets held clones (and every later one) run. */
  release(): void;
}

export function makeSlowGit(dir: string): SlowGit {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const startedFile = join(dir, 'started');
  const releaseFile = join(dir, 'release');
  writeFileSync(
    join(bin, 'git'),
    [
      '#!/bin/sh',
      'if [ "$1" = "clone" ]; then',
      `  echo $$ > '${startedFile}.tmp' && mv '${startedFile}.tmp' '${startedFile}'`,
      `  while [ ! -e '${releaseFile}' ]; do sleep 0.05; done`,
      'fi',
      `exec '${realGit}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'git'), 0o755);
  return {
    bin,
    started: async () => {
      // Polls for the script's own mark (a state, not a duration); gives up after a generous bound.
      for (let waited = 0; !existsSync(startedFile); waited += 20) {
        if (waited > 30_000) throw new Error('no clone started within 30 s');
        await sleep(20);
      }
      return Number(readFileSync(startedFile, 'utf8').trim());
    },
    release: () => writeFileSync(releaseFile, ''),
  };
}

/** True while a process with this id runs (the product's own check). */
export { processAlive as alive } from '../../electron/core/pid.js';
