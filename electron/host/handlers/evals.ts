// `evals:*` (issue 15): model providers configured in Settings (keys write-only: the page sees "key set", never the
// key), trigger evals, the library's collision matrix and output evals run for the Evals tab with progress and cancel
// like tools' runs, and their results read back from the files they were written to, so they reopen.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
import type { SkillDefinition } from '../../../shared/types.js';
import { readFileSnapshot } from '../../core/editor/save-file.js';
import { evalCacheDir, evalCollisionsFile } from '../../core/app-data.js';
import { writeFileAtomically } from '../../core/fs/atomic-write.js';
import { Budget, budgetStopNote, type BudgetLimits } from '../../core/models/budget.js';
import { ResponseCache } from '../../core/models/cache.js';
import { generateTriggerQueries } from '../../core/evals/generate.js';
import { ModelClient } from '../../core/models/model-client.js';
import { skillAtFolder, snapshotDir, snapshotSkill } from '../../core/evals/baseline.js';
import { defaultWorkspaceDir } from '../../core/evals/benchmark.js';
import { DEFAULT_EVALS_FILE, readEvalsFile } from '../../core/evals/evals-file.js';
import { runOutputEvals } from '../../core/evals/output-evals.js';
import { readTriggerReport } from '../../core/evals/trigger-report.js';
import {
  DEFAULT_TRIGGER_SET,
  readTriggerSet,
  resolveTriggerSet,
  runLibraryTriggers,
  runTriggerEval,
} from '../../core/evals/triggers.js';
import { isWithin } from '../../core/fs/confine.js';
import { Workspace } from '../../core/workspace.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { trackWork } from './tools.js';
import { parseJsonText } from '../../../shared/json-read.js';

/** Where a skill's trigger reports are kept, beside skill-creator's iterations in `<skill>-workspace/`. */
const TRIGGERS_DIR = 'triggers';
const triggerFile = (which: 'saved' | 'draft') => `${which}-description.json`;
const collisionsFile = (ctx: HostContext) => evalCollisionsFile(ctx.options.userDataDir);

function readJson<T>(file: string): T | undefined {
  try {
    return parseJsonText(readFileSync(file, 'utf8'), file) as T;
  } catch {
    return undefined; // not run yet, or written by hand and broken: the view offers to run it
  }
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomically(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * A trigger report file in any shape it was written in (this version's, the earlier camelCase one, run_eval.py's own
 * output); undefined when missing or unreadable, as for every result file.
 */
function readReport(file: string): TriggerReport | undefined {
  const data = readJson<unknown>(file);
  if (data === undefined) return undefined;
  try {
    return readTriggerReport(data, file);
  } catch {
    return undefined;
  }
}

function readCollisions(file: string): CollisionsView | undefined {
  const view = readJson<CollisionsView>(file);
  if (!view || !Array.isArray(view.reports)) return undefined;
  try {
    return { ...view, reports: view.reports.map((r, i) => readTriggerReport(r, `${file}: reports[${i}]`)) };
  } catch {
    return undefined;
  }
}

/** The latest `iteration-N` of a skill's workspace with a benchmark.json, and it. */
function latestIteration(workspaceDir: string): OutputRunView | undefined {
  if (!existsSync(workspaceDir)) return undefined;
  const iterations = readdirSync(workspaceDir)
    .map((n) => Number(/^iteration-(\d+)$/.exec(n)?.[1]))
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => b - a);
  for (const n of iterations) {
    const iterationDir = join(workspaceDir, `iteration-${n}`);
    const benchmark = readJson<Benchmark>(join(iterationDir, 'benchmark.json'));
    if (!benchmark) continue;
    const stopped = Array.isArray(benchmark.notes) ? budgetStopNote(benchmark.notes) : undefined;
    return { iterationDir, benchmark, ...(stopped ? { stopped } : {}) };
  }
  return undefined;
}

export function evalHandlers(ctx: HostContext): AreaHandlers<'evals'> {
  const providers = ctx.providers;
  const cache = new ResponseCache(evalCacheDir(ctx.options.userDataDir));

  /** A run's model client: its budget (from the Evals tab; none = no limit) covers the whole run, grading included. */
  const client = (name: string, budget: BudgetLimits = {}) =>
    new ModelClient(providers.open(name), { budget: new Budget(budget), cache });

  /** The skill, and its `<skill>-workspace` folder where results go: inside a root the user may write to. */
  const skillAndWorkspace = (skillId: string): { skill: SkillDefinition; workspaceDir: string } => {
    const skill = ctx.workspace.skill(skillId);
    const wanted = defaultWorkspaceDir(skill);
    ctx.writable(dirname(wanted)); // the bundled examples are read-only: duplicate the skill first
    return { skill, workspaceDir: wanted };
  };

  const progressOf =
    (onProgress: (p: { message?: string; progress?: number; total?: number }) => void) =>
    (done: number, total: number, label: string) =>
      onProgress({ progress: done, total, message: `${label}\n` });

  /** What the Evals tab reopens with: the result files last written for the skill. */
  const results = (skillId: string): EvalResultsView => {
    const skill = ctx.workspace.skill(skillId);

    const workspaceDir = defaultWorkspaceDir(skill);
    const triggers = (which: 'saved' | 'draft') =>
      readReport(join(workspaceDir, TRIGGERS_DIR, triggerFile(which)));
    const saved = triggers('saved');
    const draft = triggers('draft');
    const collisions = readCollisions(collisionsFile(ctx));
    const output = latestIteration(workspaceDir);
    const snapshot = snapshotDir(workspaceDir);
    return {
      workspaceDir,
      triggerSet: resolveTriggerSet(dirname(skill.sourcePath)),
      ...(saved ? { triggers: saved } : {}),
      ...(draft ? { triggersDraft: draft } : {}),
      ...(collisions ? { collisions } : {}),
      ...(output ? { output } : {}),
      ...(existsSync(snapshot)
        ? { snapshot: { path: snapshot, at: statSync(snapshot).mtime.toISOString() } }
        : {}),
    };
  };

  /**
   * The snapshot (`old_skill`) opened as its own library, trusted as the skill's root is, so its tools run as the
   * skill's did; close it when the run ends.
   */
  const openSnapshot = (skill: SkillDefinition, workspaceDir: string) => {
    const folder = snapshotDir(workspaceDir);
    if (!existsSync(folder))
      throw new SkillError(
        'NotFound',
        `No snapshot of ${skill.name} at ${folder}: take one (Snapshot the skill) before editing it, then compare.`,
      );
    const trusted = ctx.roots.find((r) => isWithin(r.path, skill.sourcePath))?.trusted === true;
    const workspace = Workspace.open({
      roots: [{ path: folder, kind: 'project' }],
      profile: ctx.settings.get().profile,
      trust: () => trusted,
    });
    try {
      return { workspace, skill: skillAtFolder(workspace, folder) };
    } catch (error) {
      void workspace.close();
      throw error;
    }
  };

  return {
    'evals:list-providers': () => providers.views(),
    'evals:save-provider': ({ provider, key, previousName }) => {
      providers.save(provider, key, previousName);
      return providers.views();
    },
    'evals:remove-provider': ({ name }) => {
      providers.remove(name);
      return providers.views();
    },

    'evals:run-triggers': ({ runId, skillId, provider, runs, description, budget }) => {
      const { skill, workspaceDir } = skillAndWorkspace(skillId);
      const setFile = resolveTriggerSet(dirname(skill.sourcePath)).path;
      const set = readTriggerSet(setFile);
      const modelClient = client(provider, budget);
      return trackWork(ctx, runId, 'The trigger eval failed', async (signal, onProgress) => {
        const report = await runTriggerEval({
          client: modelClient,
          entries: ctx.workspace.entries,
          profile: ctx.settings.get().profile,
          skill: skill.name,
          set,
          setFile,
          ...(runs !== undefined ? { runs } : {}),
          ...(description !== undefined ? { description } : {}),
          signal,
          onProgress: progressOf(onProgress),
        });
        writeJson(
          join(workspaceDir, TRIGGERS_DIR, triggerFile(description === undefined ? 'saved' : 'draft')),
          report,
        );
        return report;
      });
    },

    'evals:run-collisions': ({ runId, provider, runs, budget }) => {
      const modelClient = client(provider, budget);
      return trackWork(ctx, runId, 'The collision run failed', async (signal, onProgress) => {
        const result = await runLibraryTriggers({
          client: modelClient,
          entries: ctx.workspace.entries,
          profile: ctx.settings.get().profile,
          ...(runs !== undefined ? { runs } : {}),
          signal,
          onProgress: progressOf(onProgress),
        });
        if (result.reports.length === 0)
          throw new SkillError(
            'NotFound',
            `No skill in the library has a trigger set (${DEFAULT_TRIGGER_SET}): write one in a skill's Evals tab first.`,
          );
        const view: CollisionsView = { ...result, at: new Date().toISOString() };
        writeJson(collisionsFile(ctx), view);
        return view;
      });
    },

    'evals:run-output': ({ runId, skillId, provider, runs, baseline = 'without_skill', budget }) => {
      const { skill, workspaceDir } = skillAndWorkspace(skillId);
      const evals = readEvalsFile(join(dirname(skill.sourcePath), DEFAULT_EVALS_FILE));
      const old = baseline === 'old_skill' ? openSnapshot(skill, workspaceDir) : undefined;
      const modelClient = client(provider, budget);
      return trackWork(ctx, runId, 'The output evals failed', async (signal, onProgress) => {
        try {
          const report = await runOutputEvals({
            client: modelClient,
            grader: modelClient,
            executor: ctx.workspace.executor,
            skill,
            evals,
            ...(runs !== undefined ? { runs } : {}),
            baseline: old
              ? { skill: old.skill, executor: old.workspace.executor }
              : baseline === 'none'
                ? 'none'
                : 'without_skill',
            workspaceDir,
            signal,
            onProgress: progressOf(onProgress),
          });
          return {
            iterationDir: report.iterationDir,
            benchmark: report.benchmark,
            ...(report.stopped ? { stopped: report.stopped } : {}),
          };
        } finally {
          await old?.workspace.close();
        }
      });
    },

    'evals:snapshot': ({ skillId, replace }) => {
      const { skill, workspaceDir } = skillAndWorkspace(skillId);
      snapshotSkill(skill, workspaceDir, { force: replace === true });
      return results(skillId);
    },

    'evals:generate-triggers': ({ runId, skillId, provider, count, existing }) => {
      const skill = ctx.workspace.skill(skillId);
      // Never the response cache: asking again is asking for new ideas.
      const modelClient = new ModelClient(providers.open(provider), { budget: new Budget({}) });
      return trackWork(ctx, runId, 'Generating trigger queries failed', (signal) =>
        generateTriggerQueries({
          client: modelClient,
          entries: ctx.workspace.entries,
          profile: ctx.settings.get().profile,
          skill,
          existing,
          ...(count !== undefined ? { count } : {}),
          signal,
        }),
      );
    },

    'evals:optimize-description': ({ runId, skillId, provider, runs, holdout, maxIterations, budget }) => {
      const { skill } = skillAndWorkspace(skillId);
      const setFile = resolveTriggerSet(dirname(skill.sourcePath)).path;
      const set = readTriggerSet(setFile);
      // What the loop starts from: the author's accept saves over exactly this version or is refused (Conflict).
      const before = readFileSnapshot(skill.sourcePath);
      const modelClient = client(provider, budget);
      return trackWork(ctx, runId, 'The description optimisation failed', async (signal, onProgress) => {
        // Loaded on first use: only this run edits a manifest (the yaml Document API, the diff).
        const [{ optimizeDescription }, { proposal }] = await Promise.all([
          import('../../core/evals/optimize.js'),
          import('../../core/evals/description-edit.js'),
        ]);
        const result = await optimizeDescription({
          client: modelClient,
          entries: ctx.workspace.entries,
          profile: ctx.settings.get().profile,
          skill,
          set,
          setFile,
          ...(runs !== undefined ? { runs } : {}),
          ...(holdout !== undefined ? { holdout } : {}),
          ...(maxIterations !== undefined ? { maxIterations } : {}),
          signal,
          onProgress: progressOf(onProgress),
        });
        return {
          result,
          path: skill.sourcePath,
          hash: before.hash,
          ...proposal(before.text, skill.sourcePath, 'SKILL.md', result),
        };
      });
    },

    'evals:results': ({ skillId }) => results(skillId),

    'evals:transcript': ({ skillId, dir }): TranscriptView => {
      const workspaceDir = resolve(defaultWorkspaceDir(ctx.workspace.skill(skillId)));
      const runDir = resolve(dir);
      if (!isWithin(workspaceDir, runDir) || runDir === workspaceDir)
        throw new SkillError('PermissionDenied', `"${dir}" is not a run folder of this skill's evals.`);
      const transcript = readJson<{ messages: TranscriptView['messages'] }>(join(runDir, 'transcript.json'));
      if (!transcript)
        throw new SkillError('NotFound', `No transcript.json in ${runDir}: run the output evals again.`);
      const grading = readJson<Grading>(join(runDir, 'grading.json'));
      let answer = '';
      try {
        answer = readFileSync(join(runDir, 'outputs', 'answer.md'), 'utf8');
      } catch {
        // a run that stopped before answering
      }
      return { messages: transcript.messages, answer, ...(grading ? { grading } : {}) };
    },
  };
}
