// `skillbench chat`: the Playground on the command line. The model sees the library's catalog and the Skill tool,
// a loaded skill's tools run through the executor once approved: asked at the terminal, or with --message (turns
// given up front) only the tools named by --allow, every other call refused and said so. Streams the answer.
import { randomUUID } from 'node:crypto';
import { createInterface, type Interface } from 'node:readline/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ApprovalDecision, ChatStep, Conversation, ReplayTurnComparison } from '../../../shared/chat.js';
import type { SkillDefinition } from '../../../shared/types.js';
import { userDataDir } from '../../core/app-data.js';
import {
  libraryConversationsDir,
  readConversation,
  saveConversation,
  skillConversationsDir,
  writeConversation,
} from '../../core/chat/conversations.js';
import { replayConversation } from '../../core/chat/replay.js';
import { ChatSession } from '../../core/chat/session.js';
import type { ToolStep } from '../../core/chat/turn.js';
import type { Workspace } from '../../core/workspace.js';
import { withCancel } from '../cancel.js';
import { UsageError, type CliIo } from '../io.js';
import { displayPath, openFromArgs, parseFormat, parseProfile } from '../library-args.js';
import { cliTrust } from '../trust.js';
import {
  budgetFrom,
  chooseProvider,
  clientFor,
  LIBRARY_OPTIONS,
  MODEL_OPTIONS,
  openLibrary,
} from './eval/args.js';

export const CHAT_OPTIONS = {
  message: { type: 'string', multiple: true },
  allow: { type: 'string', multiple: true },
  save: { type: 'string' },
  replay: { type: 'string' },
  format: { type: 'string' },
  ...MODEL_OPTIONS,
  ...LIBRARY_OPTIONS,
} as const;

export const CHAT_USAGE = `Usage:
  skillbench chat [SKILL] [--root DIR]... --provider NAME [--profile P] [--message TEXT]... [--allow TOOL]...
                  [--save [FILE]] [--replay FILE] [--format text|json]
The model sees the catalog of the library (SKILL's folder and --root DIRs; --discover, --with-bundled) for the
profile, and a Skill tool that loads a skill's instructions; then that skill's tools by their composed names
(skill__tool). Every tool call needs approval: at a terminal you are asked (y, n, or a: always for this
conversation); with --message TEXT (repeatable, one turn each) only the tools named by --allow run, and every other
call is refused and said so. --trust lets shell, script and MCP tools of the roots given run.
  --save [FILE]   write the conversation (default: SKILL's .skillbench/conversations/, else the data folder's)
  --replay FILE   send a saved conversation's user turns again against the files as they are now, and show which
                  skills fired, which tools were called and the answers, before and after
  --format json   print the conversation (with --replay: and the comparison) instead of the transcript
Model: --provider NAME (providers.json) | --anthropic --model M | --openai --model M [--base-url URL], keys as for
  skillbench eval. Claude Code cannot chat here: it runs its own tools, so their calls could not be approved.
`;

type ChatValues = ReturnType<
  typeof parseArgs<{ options: typeof CHAT_OPTIONS; allowPositionals: true }>
>['values'];

/** `--save` with no file after it (the next word another option, or nothing) saves to the default place. */
function bareSave(argv: readonly string[]): string[] {
  return argv.map((a, i) => (a === '--save' && (argv[i + 1] ?? '--').startsWith('--') ? '--save=' : a));
}

/** Prints a turn's steps as they come: text streamed, the rest one line each once settled. */
function stepPrinter(io: CliIo, quiet: boolean) {
  let printed = new Map<number, number>();
  let turn = -1;
  const out = quiet ? io.stderr : io.stdout;
  return (t: number, index: number, step: ChatStep) => {
    if (t !== turn) {
      turn = t;
      printed = new Map<number, number>();
    }
    if (step.type === 'text') {
      if (quiet) return;
      const done = printed.get(index) ?? 0;
      io.stdout(step.text.slice(done));
      printed.set(index, step.text.length);
      if (!step.streaming) io.stdout('\n');
      return;
    }
    const line = stepLine(step);
    if (line === undefined || printed.has(index)) return;
    printed.set(index, 0);
    out(`${line}\n`);
  };
}

/** One line for a settled step; undefined while it is still going. */
function stepLine(step: ChatStep): string | undefined {
  switch (step.type) {
    case 'request':
      return `[catalog] ${step.tools.length} tool(s) offered: ${step.tools.map((t) => t.name).join(', ')}`;
    case 'skill':
      if (step.problem) return `[skill] ${step.skill}: ${step.problem}`;
      if (step.tools === undefined) return undefined;
      return `[skill] ${step.skill} loaded${step.tools.length ? ` (tools: ${step.tools.join(', ')})` : ''}`;
    case 'tool': {
      const args = JSON.stringify(step.sent ?? step.args);
      if (step.state === 'waiting' || step.state === 'running') return undefined;
      if (step.state === 'refused') return `[tool] ${step.name} ${args} refused: ${step.refusal ?? ''}`;
      if (step.state === 'cancelled') return `[tool] ${step.name} ${args} cancelled`;
      return `[tool] ${step.name} ${args} ${step.state === 'done' ? '→' : 'failed:'} ${(step.output?.output ?? '').trim()}`;
    }
    case 'no-skill':
      return `[no skill] ${step.reason}`;
    case 'stopped':
      return `[stopped] ${step.reason}`;
    default:
      return undefined;
  }
}

function printComparison(comparison: readonly ReplayTurnComparison[], io: CliIo): void {
  const list = (x: string[]) => (x.length ? x.join(', ') : '(none)');
  io.stdout('\nReplay, turn by turn (before → after):\n');
  for (const [i, c] of comparison.entries()) {
    io.stdout(`${i + 1}. ${c.user}${c.changed ? '   [changed]' : '   [same]'}\n`);
    io.stdout(`   skills: ${list(c.before.skills)} → ${list(c.after.skills)}\n`);
    io.stdout(`   tools:  ${list(c.before.tools)} → ${list(c.after.tools)}\n`);
    if (c.before.answer !== c.after.answer)
      io.stdout(`   answer before: ${c.before.answer}\n   answer after:  ${c.after.answer}\n`);
  }
}

/**
 * The terminal's questions: each can be abandoned (Ctrl-C stops the turn in flight, or ends the conversation at the
 * `you> ` prompt), so a stopped turn's question never eats the next line.
 */
class Terminal {
  private readonly asking = new Set<AbortController>();
  readonly rl: Interface = createInterface({ input: process.stdin, output: process.stdout });

  /** The answer, or undefined when the question was abandoned or the input ended. */
  async ask(prompt: string): Promise<string | undefined> {
    const controller = new AbortController();
    this.asking.add(controller);
    try {
      return await this.rl.question(prompt, { signal: controller.signal });
    } catch {
      return undefined;
    } finally {
      this.asking.delete(controller);
    }
  }

  onInterrupt(stopTurn: () => boolean): void {
    this.rl.on('SIGINT', () => {
      for (const c of this.asking) c.abort();
      if (!stopTurn()) this.rl.close();
    });
  }

  /** y runs the call, a runs it and every later call of the tool, anything else refuses it. */
  approve = async (step: ToolStep): Promise<ApprovalDecision> => {
    const answer = await this.ask(
      `${step.notice ? `${step.notice}\n` : ''}Run ${step.name} ${JSON.stringify(step.args)}? [y]es / [n]o / [a]lways for this conversation `,
    );
    const a = (answer ?? '').trim().toLowerCase();
    if (a === 'y' || a === 'yes') return { decision: 'allow' };
    if (a === 'a' || a === 'always') return { decision: 'allow-tool' };
    return { decision: 'refuse', reason: 'The author said no at the terminal.' };
  };
}

/** Without a terminal, a call the --allow list does not cover is refused (its step says how to allow it). */
const refuseUnlisted = (step: ToolStep): Promise<ApprovalDecision> =>
  Promise.resolve({
    decision: 'refuse',
    reason: `not allowed on the command line: pass --allow ${step.name} to run it`,
  });

function openWorkspace(skillRef: string | undefined, v: ChatValues, io: CliIo) {
  if (skillRef !== undefined) return openLibrary(skillRef, v, io);
  const workspace = openFromArgs(
    {
      paths: v.root ?? [],
      ...(v.profile !== undefined ? { profile: v.profile } : {}),
      ...(v['with-bundled'] !== undefined ? { withBundled: v['with-bundled'] } : {}),
      ...(v.discover ? { discover: true } : {}),
    },
    io,
    { trust: cliTrust(v.trust) },
  );
  return { workspace, skill: undefined as SkillDefinition | undefined };
}

export async function runChat(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseArgs({
    args: bareSave(argv),
    options: CHAT_OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (v.help) {
    io.stdout(CHAT_USAGE);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError('chat takes at most one SKILL.');
  const format = parseFormat(v.format, ['text', 'json'] as const);
  const interactive = v.message === undefined && v.replay === undefined;
  if (interactive && !process.stdin.isTTY)
    throw new UsageError(
      'chat needs a terminal, or the turns as --message TEXT (repeatable), or --replay FILE.',
    );
  const choice = chooseProvider(v, io);
  const original: Conversation | undefined =
    v.replay !== undefined ? readConversation(resolve(io.cwd, v.replay)) : undefined;
  const profile = original?.profile ?? parseProfile(v.profile);
  const { workspace, skill: given } = openWorkspace(positionals[0], v, io);
  const terminal = interactive ? new Terminal() : undefined;
  try {
    const skill =
      given ??
      (original?.skill !== undefined
        ? workspace.entries.find((e) => e.skill?.name === original.skill && e.status !== 'shadowed')?.skill
        : undefined);
    const client = clientFor(choice, v, io, budgetFrom(v), workspace.library.roots);
    const session = new ChatSession({
      id: `chat-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`,
      client,
      profile,
      tools: workspace.executor,
      ...(skill ? { skill: { id: skill.id, name: skill.name } } : {}),
      // Only what --allow names: a saved conversation's allowedTools were written by whoever wrote the file.
      allowedTools: [...(v.allow ?? [])],
      ...(original ? { replayOf: original.id } : {}),
      approve: terminal ? terminal.approve : refuseUnlisted,
      onStep: stepPrinter(io, format === 'json'),
    });
    const entries = () => workspace.entries;
    let comparison: ReplayTurnComparison[] | undefined;
    await withCancel(async (signal) => {
      signal.addEventListener('abort', () => session.stop());
      if (original) comparison = (await replayConversation(session, original, entries)).comparison;
      for (const text of v.message ?? []) await session.send(text, entries());
      terminal?.onInterrupt(() => {
        if (!session.busy) return false;
        session.stop();
        return true;
      });
      while (terminal) {
        const text = (await terminal.ask('you> '))?.trim();
        if (text === undefined || text === '' || text === '/exit' || text === '/quit') break;
        await session.send(text, entries());
      }
    });
    const conversation = session.conversation;
    if (v.save !== undefined) {
      const file = v.save !== '' ? resolve(io.cwd, v.save) : defaultSaveFile(workspace, skill, conversation);
      if (v.save !== '') writeConversation(file, conversation);
      io.stderr(`Saved the conversation to ${displayPath(io, file)}\n`);
    }
    if (format === 'json')
      io.stdout(`${JSON.stringify(comparison ? { conversation, comparison } : conversation, null, 2)}\n`);
    else if (comparison) printComparison(comparison, io);
    const failed = conversation.turns.some((t) => {
      const last = t.steps.at(-1);
      return last?.type === 'stopped' && last.reason !== 'Stopped by the author.';
    });
    return failed ? 1 : 0;
  } finally {
    terminal?.rl.close();
    await workspace.close();
  }
}

/** The skill's conversations folder (a bundled skill's is read-only: the data folder's then), else the data folder's. */
function defaultSaveFile(workspace: Workspace, skill: SkillDefinition | undefined, c: Conversation): string {
  const rootId = skill && workspace.entries.find((e) => e.skill?.id === skill.id)?.rootId;
  const root = workspace.library.roots.find((r) => r.id === rootId);
  const dir =
    skill && root?.kind !== 'bundled'
      ? skillConversationsDir(dirname(skill.sourcePath))
      : libraryConversationsDir(userDataDir());
  return saveConversation(dir, c);
}
