// Owns where eval results are kept and reading them back: trigger reports in `<skill>-workspace/triggers/`,
// the library's collisions in the data folder, the latest output iteration and a run's transcript.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type {
  Benchmark,
  CollisionsView,
  EvalResultsView,
  Grading,
  OutputRunView,
  TranscriptView,
  TriggerReport,
} from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import { parseJsonText } from '../../../shared/json-read.js';
import type { LibraryEntry, SkillDefinition, ValidationProfile } from '../../../shared/types.js';
import type { TriggerPromptSize } from '../../../shared/usage.js';
import { evalCollisionsFile } from '../app-data.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { isWithin } from '../fs/confine.js';
import { snapshotDir } from './baseline.js';
import { defaultWorkspaceDir, iterationNumbers } from './benchmark.js';
import { budgetStopNote } from '../models/budget.js';
import { readTriggerReport } from './trigger-report.js';
import { readTriggerSet, resolveTriggerSet, triggerPromptSize } from './triggers.js';
import type { Audience } from '../../../shared/remedy.js';
import { catalogEntries } from '../../../shared/catalog.js';

/** Which description a trigger report measured: the saved one, or a draft typed in the Evals tab. */
export type TriggerReportKind = 'saved' | 'draft';

export const triggerReportFile = (workspaceDir: string, which: TriggerReportKind): string =>
  join(workspaceDir, 'triggers', `${which}-description.json`);

/** Writes a result file as indented JSON, atomically, creating its folder. */
export function writeJsonFile(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomically(file, `${JSON.stringify(value, null, 2)}\n`);
}

function readJsonFile<T>(file: string): T | undefined {
  try {
    return parseJsonText(readFileSync(file, 'utf8'), file) as T;
  } catch {
    return undefined; // not run yet, or written by hand and broken: the view offers to run it
  }
}

/** The skill's trigger set and its file (the current name, else the older one). */
export function skillTriggerSet(
  skill: SkillDefinition,
  audience: Audience,
): {
  set: ReturnType<typeof readTriggerSet>;
  setFile: string;
} {
  const setFile = resolveTriggerSet(dirname(skill.sourcePath)).path;
  return { set: readTriggerSet(setFile, audience), setFile };
}

/**
 * A trigger report file in any shape it was written in (this version's, the earlier camelCase one,
 * run_eval.py's own output); undefined when missing or unreadable, as for every result file.
 */
function readReport(file: string): TriggerReport | undefined {
  const data = readJsonFile<unknown>(file);
  if (data === undefined) return undefined;
  try {
    return readTriggerReport(data, file);
  } catch {
    return undefined;
  }
}

function readCollisions(file: string): CollisionsView | undefined {
  const view = readJsonFile<CollisionsView>(file);
  if (!view || !Array.isArray(view.reports)) return undefined;
  try {
    return { ...view, reports: view.reports.map((r, i) => readTriggerReport(r, `${file}: reports[${i}]`)) };
  } catch {
    return undefined;
  }
}

/** The latest `iteration-N` of a skill's workspace with a benchmark.json, and it. */
function latestIteration(workspaceDir: string): OutputRunView | undefined {
  for (const n of iterationNumbers(workspaceDir).sort((a, b) => b - a)) {
    const iterationDir = join(workspaceDir, `iteration-${n}`);
    const benchmark = readJsonFile<Benchmark>(join(iterationDir, 'benchmark.json'));
    if (!benchmark) continue;
    const stopped = Array.isArray(benchmark.notes) ? budgetStopNote(benchmark.notes) : undefined;
    return { iterationDir, benchmark, ...(stopped ? { stopped } : {}) };
  }
  return undefined;
}

/** The size of a trigger run of the skill's set against `catalog`; undefined without a readable set. */
function promptSize(
  skill: SkillDefinition,
  catalog: { entries: readonly LibraryEntry[]; profile: ValidationProfile },
): TriggerPromptSize | undefined {
  try {
    return triggerPromptSize(catalog.entries, catalog.profile, skillTriggerSet(skill, 'app').set);
  } catch {
    return undefined; // no set yet, or a broken one: the set editor says so
  }
}

/** The size of a collision run: every readable trigger set of the catalog's skills; undefined when none has one. */
function collisionsSize(catalog: {
  entries: readonly LibraryEntry[];
  profile: ValidationProfile;
}): TriggerPromptSize | undefined {
  const queries = catalogEntries(catalog.entries, catalog.profile).flatMap((e) => {
    if (!e.skill || e.skill.shadowedBy !== undefined) return [];
    const set = resolveTriggerSet(dirname(e.skill.sourcePath));
    try {
      return set.exists ? readTriggerSet(set.path, 'app') : [];
    } catch {
      return []; // a broken set is left out, as the run leaves it out
    }
  });
  return queries.length ? triggerPromptSize(catalog.entries, catalog.profile, queries) : undefined;
}

/**
 * What the Evals tab reopens with: the result files last written for the skill, and (given the catalog) the size of
 * its trigger run and of the library's collision run, for the estimates of their cost.
 */
export function evalResults(
  skill: SkillDefinition,
  userDataDir: string,
  catalog?: { entries: readonly LibraryEntry[]; profile: ValidationProfile },
): EvalResultsView {
  const workspaceDir = defaultWorkspaceDir(skill);
  const size = catalog ? promptSize(skill, catalog) : undefined;
  const library = catalog ? collisionsSize(catalog) : undefined;
  const saved = readReport(triggerReportFile(workspaceDir, 'saved'));
  const draft = readReport(triggerReportFile(workspaceDir, 'draft'));
  const collisions = readCollisions(evalCollisionsFile(userDataDir));
  const output = latestIteration(workspaceDir);
  const snapshot = snapshotDir(workspaceDir);
  return {
    workspaceDir,
    triggerSet: resolveTriggerSet(dirname(skill.sourcePath)),
    ...(size ? { triggerPrompt: size } : {}),
    ...(library ? { collisionsPrompt: library } : {}),
    ...(saved ? { triggers: saved } : {}),
    ...(draft ? { triggersDraft: draft } : {}),
    ...(collisions ? { collisions } : {}),
    ...(output ? { output } : {}),
    ...(existsSync(snapshot)
      ? { snapshot: { path: snapshot, at: statSync(snapshot).mtime.toISOString() } }
      : {}),
  };
}

/** One run's transcript, answer and grading; `dir` must be a run folder inside the skill's workspace. */
export function readTranscript(skill: SkillDefinition, dir: string): TranscriptView {
  const workspaceDir = resolve(defaultWorkspaceDir(skill));
  const runDir = resolve(dir);
  if (!isWithin(workspaceDir, runDir) || runDir === workspaceDir)
    throw new SkillError('PermissionDenied', `"${dir}" is not a run folder of this skill's evals.`);
  const transcript = readJsonFile<{ messages: TranscriptView['messages'] }>(join(runDir, 'transcript.json'));
  if (!transcript)
    throw new SkillError('NotFound', `No transcript.json in ${runDir}: run the output evals again.`);
  const grading = readJsonFile<Grading>(join(runDir, 'grading.json'));
  let answer = '';
  try {
    answer = readFileSync(join(runDir, 'outputs', 'answer.md'), 'utf8');
  } catch {
    // a run that stopped before answering
  }
  return { messages: transcript.messages, answer, ...(grading ? { grading } : {}) };
}
