// The `skillbench` command: parses arguments, dispatches to a command, maps failures to exit codes
// (0 ok, 1 findings or a failed tool, 2 usage). Each command's module is imported only when that command runs
// (issue 14: `--version` and `validate` must not pay for the MCP SDK, ws or TypeBox); keep this file's own imports
// to node built-ins and tiny modules (test/integration/cli-imports.test.ts lists what each command loads).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { packageVersion } from '../core/paths.js';
import { SkillError } from '../../shared/errors.js';
import type { ToolArgs } from './commands/tools.js';
import { processIo, terminalSafe, UsageError, type CliIo } from './io.js';
import type { LibraryArgs } from './library-args.js';

const USAGE = `Usage: skillbench <command> [options]

Commands:
  validate [PATH...]     Check every skill manifest; exit 1 when any error is found
      --profile NAME       portable | claude-code | clawft | zeroclaw | skillbench (default)
      --format FORMAT      text (default) | json
      --with-bundled       also load the bundled example skills
      --discover           also load ./.claude/skills, ./.agents/skills and the same in your home folder
  list [PATH...]         List the skills found, their status, format and tools (--format text|json; json adds
                         each skill's effective values for --profile)
  prompt [PATH...]       Print the <available_skills> catalog the --profile's runtime would give a model
  tools SKILL            Show a skill's tools as advertised, JSON Schema included (--format text|json)
  run SKILL TOOL         Call one tool
      --args JSON          the arguments as one JSON object
      --arg KEY=VALUE      one argument (repeatable); JSON unless the schema wants a string
      --timeout SECONDS    override the tool's timeout
      --format FORMAT      text (default) | json (the ToolOutput)
  test [PATH...]         Run the saved cases (tests/*.case.json) of the skills found
      --format FORMAT      text (default) | json | junit
  mcp list               Show the configured MCP servers, whether they start, who may call them, and their tools
  mcp info SERVER        A server's name, version, capabilities and instructions
  mcp tools SERVER       A server's tools with their schemas; mcp call SERVER TOOL [--args JSON] calls one
  mcp resources SERVER   Its resources and templates; mcp read SERVER URI reads one
  mcp prompts SERVER     Its prompts; mcp prompt SERVER NAME [--args JSON] shows the resulting messages
  mcp export [SERVER...] The configured servers in the mcpServers format (JSON)
      --answers FILE       answers to the server's sampling and elicitation requests (else they are refused)
      --protocol-log FILE  write the JSON-RPC messages exchanged (both ways, timed) to FILE
  add SOURCE             Add skills from a folder, a .zip/.skill file, a git URL or owner/repo[/path][#ref]: shows
                         what it holds, its findings and what it runs; installs only with --yes
      --skill NAME         only this skill (repeatable)   --agent ID   for this agent (repeatable; see: agents)
      --global             the user scope (default: the project)   --copy   copies instead of one shared copy + links
      --force              install despite errors, or over a different or locally changed skill of the same name
      --yes                install (without it, add only shows what it would do and writes nothing)
  remove NAME...         Remove installed skills (from --agent ID only, or all), real folders to the OS trash
  update [NAME...]       Update locked skills from their sources (--check: only report, with the SKILL.md diff)
  sync                   Install what skills-lock.json lists and the project's agents lack
      --agents-md [FILE]   instead: list the skills of the agents' folders (and --root) in FILE (AGENTS.md), in
                           openskills' <skills_system> block, for agents without native skills; idempotent
  read NAME...           Print a skill as agents without native skills load it (from AGENTS.md)
  pack SKILL [-o FILE]   Zip a skill folder (or an installed skill) for upload, checked with the portable profile
  agents                 The agents Skillbench knows, their skill folders and whether they follow links
  list --installed       Installed skills with agents, scope, source and state (--check: also update available)
  eval triggers SKILL    Does the description make a model pick the skill? Precision, recall and accuracy
  eval collisions [PATH] Every skill's trigger set at once: which skills fire for which skill's queries
  eval run SKILL         Output evals (evals/evals.json) with the skill and a baseline, graded; skillbench eval --help
  eval snapshot SKILL    Copy the skill before editing it: the old_skill baseline of eval run (skill-creator's)
  eval optimize SKILL    Better descriptions from the trigger set's failures; prints the diff, writes with --write
  eval generate SKILL    The model proposes trigger queries and near-misses not in the set (--write appends them)
  chat [SKILL]           The Playground: talk to a model that sees the catalog, loads skills and calls their tools
                         once you approve (--message TEXT... --allow TOOL... without a terminal; --save, --replay
                         FILE); skillbench chat --help
  serve [PATH...]        Open the app in a browser: serves it on 127.0.0.1 and prints a link with a one-time code
      --port N             port to listen on (default: a free one)
      --open               open the link in the default browser (through a private file, never on a command line)

SKILL is a skill folder, or a skill name looked up in --root folders and the bundled skills.
Common options: --root PATH (repeatable), --mcp-config FILE, --history FILE.
--exclude-tool KIND_OR_NAME (tools, run, test; repeatable): the tool policy: tools of that kind or name are shown
  as excluded and refused (PermissionDenied). tools --show-locked: include the locked args (never offered to a model).
--trust (tools, run, test, mcp, serve): trust the skill folders and roots given on the command line, so their
  MCP servers, shell and script tools may run. Without it they run only in folders you trusted in the app.
Without PATH (or --discover), validate, list, prompt and test use the bundled example skills.
Options: --help, --version
`;

/**
 * The part of USAGE about one command: its lines (a command line starts with two spaces and its name; lines indented
 * further continue it) and the common notes; undefined for a command USAGE does not list.
 */
function commandUsage(command: string): string | undefined {
  const lines = USAGE.split('\n');
  const picked: string[] = [];
  let inside = false;
  for (const line of lines) {
    const isCommandLine = /^ {2}\S/.test(line);
    if (isCommandLine) inside = line.slice(2).split(' ')[0] === command;
    else if (!/^ {3,}\S/.test(line)) inside = false;
    if (inside) picked.push(line);
  }
  if (!picked.length) return undefined;
  const notes = USAGE.slice(USAGE.indexOf('\nSKILL is ') + 1);
  return `Usage: skillbench ${command} [options]\n\n${picked.join('\n')}\n\n${notes}All commands: skillbench --help\n`;
}

const OPTIONS = {
  profile: { type: 'string' },
  'with-bundled': { type: 'boolean' },
  discover: { type: 'boolean' },
  format: { type: 'string' },
  root: { type: 'string', multiple: true },
  'mcp-config': { type: 'string' },
  args: { type: 'string' },
  arg: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  history: { type: 'string' },
  port: { type: 'string' },
  open: { type: 'boolean' },
  trust: { type: 'boolean' },
  'exclude-tool': { type: 'string', multiple: true },
  'show-locked': { type: 'boolean' },
  answers: { type: 'string' },
  'protocol-log': { type: 'string' },
  skill: { type: 'string', multiple: true },
  agent: { type: 'string', multiple: true },
  global: { type: 'boolean' },
  copy: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  force: { type: 'boolean' },
  check: { type: 'boolean' },
  installed: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  'agents-md': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

/** `--format json` (or `--format=json`) anywhere on the command line. */
function jsonFormat(argv: readonly string[]): boolean {
  return argv.some((a, i) => a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'));
}

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>
>['values'];

/** What a command gets: the parsed options and operands, the library and tool options they share, and the io. */
interface CommandInput {
  v: Values;
  p: string[];
  library: LibraryArgs & { format?: string };
  tool: Omit<ToolArgs, 'skill' | 'tool'>;
  io: CliIo;
}

/** Command name -> its lazily imported runner (one line each, so commands added side by side merge cleanly). */
const COMMANDS: Record<string, (c: CommandInput) => Promise<number>> = {
  validate: async ({ library, io }) => (await import('./commands/validate.js')).runValidate(library, io),
  list: async ({ library, v, io }) =>
    v.installed
      ? (await import('./commands/manage.js')).runInstalled({ ...v }, io)
      : (await import('./commands/list.js')).runList(library, io),
  prompt: async ({ library, io }) => (await import('./commands/list.js')).runPrompt(library, io),
  tools: async ({ tool, p, io }) => {
    if (p.length !== 1) throw new UsageError(`tools takes one SKILL (got ${p.length}).`);
    return (await import('./commands/tools.js')).runTools({ ...tool, skill: p[0] }, io);
  },
  run: async ({ tool, p, io }) => {
    if (p.length !== 2) throw new UsageError(`run takes a SKILL and a TOOL (got ${p.length} operands).`);
    return (await import('./commands/tools.js')).runRun({ ...tool, skill: p[0], tool: p[1] }, io);
  },
  test: async ({ library, v, io }) =>
    (await import('./commands/test.js')).runTest(
      {
        ...library,
        mcpConfig: v['mcp-config'],
        history: v.history,
        trust: v.trust,
        excludeTool: v['exclude-tool'],
      },
      io,
    ),
  mcp: async ({ v, p, io }) =>
    (await import('./commands/mcp.js')).runMcp(
      {
        sub: p[0],
        operands: p.slice(1),
        roots: v.root,
        mcpConfig: v['mcp-config'],
        format: v.format,
        trust: v.trust,
        ...(v.args !== undefined ? { args: v.args } : {}),
        ...(v.answers !== undefined ? { answers: v.answers } : {}),
        ...(v['protocol-log'] !== undefined ? { protocolLog: v['protocol-log'] } : {}),
      },
      io,
    ),
  read: async ({ v, p, io }) =>
    (await import('./commands/agents-md.js')).runRead({ operands: p, roots: v.root ?? [] }, io),
  // Managing skills across agents (electron/cli/commands/manage.ts); `sync --agents-md` writes AGENTS.md instead.
  ...Object.fromEntries(
    ['add', 'remove', 'update', 'sync', 'pack', 'agents'].map((name) => [
      name,
      async ({ v, p, io }: CommandInput) =>
        name === 'sync' && v['agents-md']
          ? (await import('./commands/agents-md.js')).runSyncAgentsMd(
              {
                operands: p,
                roots: v.root ?? [],
                ...(v.profile ? { profile: v.profile } : {}),
                format: v.format,
              },
              io,
            )
          : (await import('./commands/manage.js')).runManage(name, p, v, io),
    ]),
  ),
  serve: async ({ v, p, io }) =>
    (await import('./commands/serve.js')).runServe(
      {
        paths: p,
        ...(v.port !== undefined ? { port: v.port } : {}),
        ...(v.open ? { open: true } : {}),
        ...(v.trust ? { trust: true } : {}),
      },
      io,
    ),
};

export async function runCli(argv: string[], given: CliIo = processIo): Promise<number> {
  const io = terminalSafe(given);
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-v') {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    // eval parses its own options (electron/cli/commands/eval.ts) and is loaded only when used.
    if (command === 'eval') return await (await import('./commands/eval.js')).runEval(rest, io);
    // chat parses its own options too (electron/cli/commands/chat.ts).
    if (command === 'chat') return await (await import('./commands/chat.js')).runChat(rest, io);
    const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!run) throw new UsageError(`Unknown command "${command}".`);
    const { values: v, positionals: p } = parseArgs({
      args: rest,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    if (v.help) {
      io.stdout(commandUsage(command) ?? USAGE);
      return 0;
    }
    const library = {
      paths: p,
      profile: v.profile,
      withBundled: v['with-bundled'],
      discover: v.discover,
      format: v.format,
    };
    const tool = {
      format: v.format,
      roots: v.root,
      mcpConfig: v['mcp-config'],
      trust: v.trust,
      args: v.args,
      arg: v.arg,
      timeout: v.timeout,
      history: v.history,
      excludeTool: v['exclude-tool'],
      showLocked: v['show-locked'],
    };
    return await run({ v, p, library, tool, io });
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      // The message, then the help of the command that was misused (eval has its own), else the whole list.
      const command = argv[0] ?? '';
      const help =
        command === 'eval'
          ? (await import('./commands/eval.js')).EVAL_USAGE
          : command === 'chat'
            ? (await import('./commands/chat.js')).CHAT_USAGE
            : (commandUsage(command) ?? USAGE);
      io.stderr(`skillbench: ${(error as Error).message}\n\n${help}`);
      return 2;
    }
    if (error instanceof SkillError) {
      // Bad input (an unknown skill or tool, a manifest that cannot run): an error value, exit 1, never a stack.
      if (jsonFormat(argv)) io.stdout(`${JSON.stringify({ error: error.toJSON() }, null, 2)}\n`);
      else io.stderr(`skillbench: ${error.code}: ${error.message}\n`);
      return 1;
    }
    // A bug, not bad input: the message, and the stack only when asked for (SKILLBENCH_DEBUG=1).
    const detail = process.env.SKILLBENCH_DEBUG ? ((error as Error).stack ?? String(error)) : String(error);
    io.stderr(`skillbench: unexpected failure: ${detail}\n`);
    return 70;
  }
}
