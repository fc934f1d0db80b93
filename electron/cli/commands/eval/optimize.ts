// `skillbench eval optimize SKILL`: the description optimisation loop (skill-creator's run_loop.py), printed as its
// iterations and the diff of SKILL.md with the best description; SKILL.md is written only with --write, and only if
// it has not changed since the loop read it.
import { dirname } from 'node:path';
import type { OptimizeResult } from '../../../../shared/evals.js';
import { proposal } from '../../../core/evals/description-edit.js';
import { DEFAULT_MAX_ITERATIONS, optimizeDescription } from '../../../core/evals/optimize.js';
import { readTriggerSet } from '../../../core/evals/triggers.js';
import { readFileSnapshot, saveFileAtomically } from '../../../core/editor/save-file.js';
import { withCancel } from '../../cancel.js';
import { UsageError, type CliIo } from '../../io.js';
import { displayPath, parseFormat, parseProfile } from '../../library-args.js';
import { budgetFrom, chooseProvider, clientFor, fraction, number, openLibrary, type Values } from './args.js';
import { triggerSetLine, triggerSetOf } from './triggers.js';

function printText(result: OptimizeResult, io: CliIo): void {
  const heldOut = result.test_size > 0;
  for (const h of result.history)
    io.stdout(
      `iteration ${h.iteration}  train ${h.train_passed}/${h.train_total}` +
        `${heldOut ? `  held out ${h.test_passed}/${h.test_total}` : ''}` +
        `${h.iteration === result.best_iteration ? '  (best)' : ''}  ${JSON.stringify(h.description)}\n`,
    );
  io.stdout(`Ended: ${result.exit_reason}\n`);
  if (result.stopped) io.stdout(`${result.stopped}\n`);
  if (result.best_iteration !== null)
    io.stdout(
      `\nBest ${heldOut ? 'on the held-out queries' : 'on the train queries (nothing held out)'}: iteration ${result.best_iteration}` +
        ` (${heldOut ? `${result.best_test_score} held out, ` : ''}${result.best_train_score} train).\n`,
    );
  io.stdout(`tokens ${result.usage.tokens}; cost $${result.usage.cost_usd.toFixed(4)}\n`);
}

export async function runOptimize(skillRef: string, v: Values, io: CliIo): Promise<number> {
  const format = parseFormat(v.format, ['text', 'json'] as const);
  const runs = number(v, 'runs', { min: 1, integer: true });
  const maxIterations = number(v, 'max-iterations', { min: 1, integer: true }) ?? DEFAULT_MAX_ITERATIONS;
  const holdout = fraction(v, 'holdout');
  if (holdout === 1)
    throw new UsageError('--holdout is the fraction held out for testing: below 1 (0 holds none).');
  const choice = chooseProvider(v, io);
  const { workspace, skill } = openLibrary(skillRef, v, io);
  try {
    const setFile = triggerSetOf(dirname(skill.sourcePath), v, io);
    const set = readTriggerSet(setFile.path, 'cli');
    // What the loop starts from: a write later is refused if the file changed meanwhile.
    const before = readFileSnapshot(skill.sourcePath);
    const client = clientFor(choice, v, io, budgetFrom(v), workspace.library.roots);
    io.stderr(triggerSetLine(setFile, io));
    const result = await withCancel((signal) =>
      optimizeDescription({
        client,
        entries: workspace.entries,
        profile: parseProfile(v.profile),
        skill,
        set,
        setFile: setFile.path,
        ...(runs !== undefined ? { runs } : {}),
        ...(holdout !== undefined ? { holdout } : {}),
        maxIterations,
        signal,
        onProgress: (done, total, label) => io.stderr(`[${done}/${total}] ${label}\n`),
      }),
    );
    const shown = displayPath(io, skill.sourcePath);
    const { proposed, diff } = proposal(before.text, skill.sourcePath, shown, result);
    const written = v.write === true && proposed !== undefined;
    if (written) saveFileAtomically(skill.sourcePath, proposed, { expectedHash: before.hash });
    if (format === 'json')
      io.stdout(
        `${JSON.stringify({ ...result, ...(diff ? { diff } : {}), ...(written ? { written: skill.sourcePath } : {}) }, null, 2)}\n`,
      );
    else {
      io.stdout(
        `Description optimisation of ${skill.name} on ${result.provider} (${result.model}): ${result.train_size} train and ${result.test_size} held-out queries (holdout ${result.holdout}), ${result.runs_per_query} run(s) per query\n\n`,
      );
      printText(result, io);
      io.stdout(
        diff === undefined
          ? '\nThe best description is the current one: nothing to change.\n'
          : `\n${diff}\n${written ? `Written to ${shown}.` : `Not written: pass --write to apply it to ${shown}.`}\n`,
      );
    }
    if (result.stopped) io.stderr(`skillbench: the optimisation is incomplete: ${result.stopped}\n`);
    return result.stopped ? 1 : 0;
  } finally {
    await workspace.close();
  }
}
