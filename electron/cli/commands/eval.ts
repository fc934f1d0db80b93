// `skillbench eval`: trigger evals, the library's collisions, output evals and generated trigger queries against a
// model, with thresholds that set the exit code for CI. Each subcommand lives in eval/; this file routes to them.
import { parseArgs } from 'node:util';
import { UsageError, type CliIo } from '../io.js';
import { OPTIONS, type Values } from './eval/args.js';
import { runOutput, runSnapshot } from './eval/output.js';
import { runCollisions, runGenerate, runTriggers } from './eval/triggers.js';

/** The subcommands that take one SKILL. */
const SUBCOMMANDS: Record<string, (skill: string, v: Values, io: CliIo) => Promise<number>> = {
  triggers: runTriggers,
  run: runOutput,
  generate: runGenerate,
  snapshot: runSnapshot,
  // Loaded when used: it is the one that edits SKILL.md (the yaml Document API, the diff).
  optimize: async (skill, v, io) => (await import('./eval/optimize.js')).runOptimize(skill, v, io),
};

export const EVAL_USAGE = `Usage:
  skillbench eval triggers SKILL [--set FILE] [--runs N] [--description TEXT] [--format text|json|junit]
                                 [--min-precision X] [--min-recall X]   the set: evals/trigger-eval.json (or the
                                 older evals/triggers.json); JSON in run_eval.py's shape; precision and recall
                                 counted over runs as skill-creator does (what the thresholds hold) and per query
  skillbench eval collisions [PATH...] [--runs N] [--format text|json]   every skill's trigger set at once:
                                 which skills fire for each skill's should-trigger queries
  skillbench eval run SKILL [--evals FILE] [--runs N] [--baseline without_skill|old_skill|none]
                            [--baseline-skill FOLDER] [--no-baseline] [--max-turns N] [--workspace DIR]
                            [--grader NAME | --grader-model M] [--format text|json] [--min-pass-rate X]
                                 old_skill: the snapshot in <workspace>/skill-snapshot/, or --baseline-skill FOLDER
  skillbench eval snapshot SKILL [--workspace DIR] [--force]   copies the skill to <workspace>/skill-snapshot/
                                 before you edit it (skill-creator's snapshot): the old_skill baseline
  skillbench eval optimize SKILL [--set FILE] [--holdout X (0.4)] [--max-iterations N (5)] [--runs N]
                                 [--format text|json] [--write]   skill-creator's run_loop.py: the model proposes
                                 better descriptions from the train failures, the best on the held-out queries
                                 wins; prints the diff of SKILL.md and writes it only with --write
  skillbench eval generate SKILL [--count N] [--set FILE] [--format text|json] [--write]   the model proposes
                                 trigger queries (should trigger, and near-misses) not in the set yet;
                                 --write appends them to the set (created when missing)
Model (one of): --provider NAME [--providers FILE] | --anthropic --model M | --openai --model M | --claude-code
  [--base-url URL] [--model M] override the provider's. Keys come from the environment: ANTHROPIC_API_KEY or
  OPENAI_API_KEY (a base URL included), the provider's apiKeyEnv, or --api-key-env NAME for any kind (Claude Code
  is given it as ANTHROPIC_API_KEY); a base URL from a providers file inside a library root gets a key only when
  the root is trusted (--trust) and the file names the variable. A 401 says which variable's key was sent.
Limits: --concurrency N (4), --max-tokens N, --max-cost USD, --timeout SECONDS (120), --retries N (4), --no-cache.
Batch (eval triggers, eval collisions): --batch sends every request in one batch (Anthropic's Message Batches,
  OpenAI's Batch API) at half the price; results can take minutes to hours. The batch id is printed and saved:
  Ctrl-C stops waiting and leaves it running; --batch --resume ID (or the same command again) collects it,
  --cancel ID cancels it. --poll-interval SECONDS (5) is the first wait between polls. Not with Claude Code.
Cost: prompts are cached by the provider (Anthropic's cache_control on the catalog); --no-prompt-cache sends no
  markers, to see what caching saves. Prices per model: the shipped ones, and your own in prices.json in the data
  folder ({"models": {"MODEL": {"input", "output", "cacheWrite", "cacheRead"}}}, USD per million tokens).
Library the model sees: SKILL's folder plus --root PATH (repeatable), --discover, --with-bundled; --profile NAME.
  --trust lets the skill's shell, script and MCP tools run in \`eval run\`.
evals/evals.json is skill-creator's: expectations (or "assertions") may be missing while it holds only prompts;
  those evals are run and recorded, not graded.
`;

export async function runEval(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals: p } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (v.help) {
    io.stdout(EVAL_USAGE);
    return 0;
  }
  const [sub, skill, ...extra] = p;
  if (sub === 'collisions') return runCollisions(p.slice(1), v, io);
  const run = sub === undefined ? undefined : SUBCOMMANDS[sub];
  if (!run || skill === undefined || extra.length > 0)
    throw new UsageError(
      `eval needs a subcommand (${['collisions', ...Object.keys(SUBCOMMANDS)].join(', ')}) and a SKILL.`,
    );
  return run(skill, v, io);
}
