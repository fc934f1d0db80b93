// Owns the Evals tab's runs from request to kept result: each checks what it needs first (the set, the
// snapshot, the manifest) and answers a run to start, whose results go where `evalResults` reads them back.
import { dirname, join } from 'node:path';
import type { CollisionsView, OptimizeView, OutputRunView, TriggerReport } from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import type { LibraryEntry, SkillDefinition, ValidationProfile } from '../../../shared/types.js';
import { readFileSnapshot } from '../editor/save-file.js';
import type { Executor } from '../tools/executor.js';
import { openSnapshot } from './baseline.js';
import { defaultWorkspaceDir } from './benchmark.js';
import { DEFAULT_EVALS_FILE, readEvalsFile } from './evals-file.js';
import type { ModelClient } from '../models/model-client.js';
import { runOutputEvals } from './output-evals.js';
import { evalCollisionsFile } from '../app-data.js';
import { skillTriggerSet, triggerReportFile, writeJsonFile } from './results.js';
import { DEFAULT_TRIGGER_SET, runLibraryTriggers, runTriggerEval } from './triggers.js';
import type { BatchRunOptions } from './trigger-batch.js';
import type { RunMode } from '../../../shared/usage.js';

/**
 * A run checked and ready, started with its model (made after the checks, as the caller's request names it),
 * its signal and its progress (done of total, and what is being done).
 */
export type EvalRun<T> = (run: {
  client: ModelClient;
  signal: AbortSignal;
  onProgress: (done: number, total: number, label: string) => void;
}) => Promise<T>;

/** The library the model sees (the catalog it is shown, as the profile renders it). */
export interface EvalLibrary {
  entries: readonly LibraryEntry[];
  profile: ValidationProfile;
}

/** A trigger or collision run's mode, and in batch mode how its batch is followed (trigger-batch.ts). */
export interface BatchChoice {
  mode?: RunMode | undefined;
  batch?: BatchRunOptions | undefined;
}

/** The options a request left out stay out (the runs' own defaults apply). */
function given<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** The skill's trigger eval, kept as the saved description's report or, with `description`, the draft's. */
export function skillTriggersRun(
  lib: EvalLibrary,
  skill: SkillDefinition,
  o: { runs?: number | undefined; description?: string | undefined } & BatchChoice,
): EvalRun<TriggerReport> {
  const { set, setFile } = skillTriggerSet(skill, 'app');
  return async (run) => {
    const report = await runTriggerEval({ ...lib, ...run, skill: skill.name, set, setFile, ...given(o) });
    const which = o.description === undefined ? 'saved' : 'draft';
    writeJsonFile(triggerReportFile(defaultWorkspaceDir(skill), which), report);
    return report;
  };
}

/** Every skill's trigger set at once, kept in the data folder (one matrix for the library). */
export function collisionsRun(
  lib: EvalLibrary,
  userDataDir: string,
  o: { runs?: number | undefined } & BatchChoice,
): EvalRun<CollisionsView> {
  return async (run) => {
    const result = await runLibraryTriggers({ ...lib, ...run, ...given(o), audience: 'app' });
    if (result.reports.length === 0)
      throw new SkillError(
        'NotFound',
        `No skill in the library has a trigger set (${DEFAULT_TRIGGER_SET}): write one in a skill's Evals tab first.`,
      );
    const view: CollisionsView = { ...result, at: new Date().toISOString() };
    writeJsonFile(evalCollisionsFile(userDataDir), view);
    return view;
  };
}

/**
 * The skill's output evals into the next `iteration-N` of its workspace, graded by the same model. The
 * `old_skill` baseline is the snapshot, opened as its own library trusted as the skill's root is (`trusted`).
 */
export function outputEvalsRun(
  lib: Pick<EvalLibrary, 'profile'> & { executor: Executor },
  skill: SkillDefinition,
  o: { runs?: number | undefined; baseline: 'without_skill' | 'old_skill' | 'none'; trusted: boolean },
): EvalRun<OutputRunView> {
  const workspaceDir = defaultWorkspaceDir(skill);
  const evals = readEvalsFile(join(dirname(skill.sourcePath), DEFAULT_EVALS_FILE), 'app');
  const old =
    o.baseline === 'old_skill'
      ? openSnapshot(skill, workspaceDir, { profile: lib.profile, trusted: o.trusted })
      : undefined;
  return async ({ client, signal, onProgress }) => {
    try {
      const report = await runOutputEvals({
        client,
        grader: client,
        executor: lib.executor,
        skill,
        evals,
        baseline: old
          ? { skill: old.skill, executor: old.workspace.executor }
          : o.baseline === 'none'
            ? 'none'
            : 'without_skill',
        workspaceDir,
        signal,
        onProgress,
        ...given({ runs: o.runs }),
      });
      const { iterationDir, benchmark, stopped } = report;
      return { iterationDir, benchmark, ...given({ stopped }) };
    } finally {
      await old?.workspace.close();
    }
  };
}

/**
 * skill-creator's description loop on the skill's trigger set. Nothing is written: the view holds SKILL.md as
 * proposed and the hash of the text it was made from, so accepting saves over exactly that version.
 */
export function optimizeRun(
  lib: EvalLibrary,
  skill: SkillDefinition,
  o: { runs?: number | undefined; holdout?: number | undefined; maxIterations?: number | undefined },
): EvalRun<OptimizeView> {
  const { set, setFile } = skillTriggerSet(skill, 'app');
  const before = readFileSnapshot(skill.sourcePath);
  return async (run) => {
    // Loaded on first use: only this run edits a manifest (the yaml Document API, the diff).
    const [{ optimizeDescription }, { proposal }] = await Promise.all([
      import('./optimize.js'),
      import('./description-edit.js'),
    ]);
    const result = await optimizeDescription({ ...lib, ...run, skill, set, setFile, ...given(o) });
    const edit = proposal(before.text, skill.sourcePath, 'SKILL.md', result);
    return { result, path: skill.sourcePath, hash: before.hash, ...edit };
  };
}
