// `cases:*`: a skill's saved calls (tests/<name>.case.json), listed, saved into writable roots, and run.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { CASES_DIR, CASE_SUFFIX } from '../../core/cases/cases.js';
import { saveFileAtomically } from '../../core/editor/save-file.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';

export function caseHandlers(ctx: HostContext): AreaHandlers<'cases'> {
  return {
    'cases:list': ({ skillId }) => ctx.workspace.cases(skillId),
    'cases:save': ({ skillId, name, case: value }) => {
      if (
        typeof value !== 'object' ||
        value === null ||
        typeof (value as { tool?: unknown }).tool !== 'string'
      )
        throw new SkillError(
          'InvalidArgs',
          'A case needs at least "tool" (and usually "args" and "expect").',
        );
      const path = ctx.writable(join(ctx.folderOf(skillId), CASES_DIR, `${name}${CASE_SUFFIX}`));
      mkdirSync(dirname(path), { recursive: true });
      const saved = saveFileAtomically(path, `${JSON.stringify(value, null, 2)}\n`);
      ctx.watcher?.rememberWrite(path, saved.hash);
      ctx.changed([path]);
      return { path };
    },
    'cases:run': async ({ skillId, names }) =>
      (await ctx.workspace.runCases(skillId, names)).map((r) => ({
        name: r.name,
        tool: r.tool,
        passed: r.passed,
        failures: r.failures,
        durationMs: r.durationMs,
      })),
  };
}
