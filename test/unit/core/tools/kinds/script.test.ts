// The script rule finds a tool's script as the run does: the run's word splitting, the run's real-path check.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../../../../electron/core/skills/index.js';
import { Executor } from '../../../../../electron/core/tools/executor.js';
import type { Diagnostic } from '../../../../../shared/types.js';
import { copyFixtures, failure, FIXTURES } from '../../../../helpers.js';

const SCRIPT_CODES = new Set(['tool-script-missing', 'tool-script-outside']);

/** The script findings of the `spaced` skill under `root`, by tool name (the line of its command). */
function scriptFindings(root: string): Array<[string, number]> {
  const entry = loadLibrary([{ path: root }]).entries.find((e) => e.skill?.name === 'spaced');
  return (entry?.diagnostics ?? [])
    .filter((d: Diagnostic) => SCRIPT_CODES.has(d.code))
    .map((d) => [d.code, d.line]);
}

describe('the script rule', () => {
  it('finds `scripts/run\\ me.sh` and `"scripts/run me.sh"` as the run does, and says a missing script is missing', () => {
    expect(scriptFindings(join(FIXTURES, 'script-paths'))).toEqual([['tool-script-missing', 17]]);
  });

  it.skipIf(process.platform === 'win32')(
    'runs the script whose name holds a space (sh; skipped on Windows)',
    async () => {
      const ex = new Executor(loadLibrary([{ path: join(FIXTURES, 'script-paths') }]).entries);
      expect((await ex.executeTool('spaced', 'escaped', { who: 'you' })).output).toBe('hello you\n');
      expect((await ex.executeTool('spaced', 'quoted', { who: 'me' })).output).toBe('hello me\n');
    },
  );

  it.skipIf(process.platform === 'win32')(
    'reports a link from scripts/ to a file outside the skill, which the run refuses (links need rights on Windows)',
    async () => {
      const root = copyFixtures('script-paths');
      symlinkSync(join(root, 'outside.sh'), join(root, 'spaced', 'scripts', 'linked.sh'));
      expect(scriptFindings(root)).toEqual([['tool-script-outside', 17]]);
      const ex = new Executor(loadLibrary([{ path: root }]).entries);
      expect((await failure(ex.executeTool('spaced', 'linked', {}))).code).toBe('PermissionDenied');
    },
  );
});
