// Owns `{{arg}}` substitution for every place a tool template meets a value: shell command lines (values never
// reach the shell parser, and each stays exactly one word: shell-syntax.ts reads the quoting), script argument
// lists, URLs and headers.
import { SkillError } from '../../../shared/errors.js';
import { PLACEHOLDER, replacePlaceholders } from '../../../shared/syntax/placeholders.js';
import { splitShellWords } from '../../../shared/syntax/shell-words.js';
import type { JsonValue } from '../../../shared/types.js';
import { analyseCmdTemplate } from './cmd-syntax.js';
import { analysePosixTemplate, type TemplateProblem } from './shell-syntax.js';

/** The text form of an argument: strings as they are, other values as JSON, missing as empty. */
function argText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The shell a `shell` tool's template is written for on a platform. */
type ShellDialect = 'sh' | 'cmd';

export function shellDialect(platform: NodeJS.Platform = process.platform): ShellDialect {
  return platform === 'win32' ? 'cmd' : 'sh';
}

/**
 * What makes a shell template ambiguous for its dialect: each problem names the line and column in the template.
 * The manifest rule (kinds/shell.ts) and the run refuse the same templates, from this one analysis.
 */
export function shellTemplateProblems(template: string, dialect: ShellDialect): TemplateProblem[] {
  return (dialect === 'cmd' ? analyseCmdTemplate(template) : analysePosixTemplate(template)).problems;
}

/** One problem as a sentence: "line 1, column 12: …". */
export function describeTemplateProblem(p: TemplateProblem): string {
  return `line ${p.line}, column ${p.column}: ${p.message}`;
}

function refuse(problems: TemplateProblem[], dialect: ShellDialect): never {
  const shell = dialect === 'cmd' ? 'cmd.exe' : 'sh';
  throw new SkillError(
    'ConfigValidation',
    `The command template cannot pass every value to ${shell} as exactly one word, so it was not run: ${problems.map(describeTemplateProblem).join('; ')}. Fix the template in the manifest.`,
    { problems: problems.map(({ offset, line, column, message }) => ({ offset, line, column, message })) },
  );
}

/** The environment variable each placeholder name reads, SKB_ARG_0, SKB_ARG_1… in order of first use. */
function variables(uses: ReadonlyArray<{ name: string }>): Map<string, string> {
  const names = new Map<string, string>();
  for (const u of uses) if (!names.has(u.name)) names.set(u.name, `SKB_ARG_${names.size}`);
  return names;
}

function valueOf(args: Record<string, JsonValue>, name: string): string {
  const text = argText(args[name]);
  if (text.includes('\0'))
    throw new SkillError(
      'InvalidArgs',
      `The value of "${name}" holds a NUL character, which no process argument or environment variable can carry. Remove it.`,
    );
  return text;
}

/**
 * A shell command line whose placeholders read environment variables instead of holding the values, so no value
 * can inject shell syntax, each referenced so that it is exactly one word (or part of one) where it stands:
 * - POSIX sh: `"${SKB_ARG_n}"` unquoted, `${SKB_ARG_n}` inside "..." and here-documents, `'"${SKB_ARG_n}"'` inside
 *   '...'; a placeholder in a comment is left as written; anything else (inside `${…}`, arithmetic…) is refused.
 * - cmd.exe (run with `/v:on`): `!SKB_ARG_n!`, expanded by delayed expansion after cmd has parsed the line, whose
 *   variable holds the value quoted for the program's own command-line parser (the Microsoft C runtime rules).
 * Throws ConfigValidation, naming the line and column, for a template where that cannot be exact.
 */
export function renderShellCommand(
  template: string,
  args: Record<string, JsonValue>,
  dialect: ShellDialect = shellDialect(),
): { command: string; env: Record<string, string> } {
  if (dialect === 'cmd') return renderCmdCommand(template, args);
  const env: Record<string, string> = {};
  let command = '';
  let last = 0;
  const { uses, problems } = analysePosixTemplate(template);
  if (problems.length > 0) refuse(problems, dialect);
  const names = variables(uses.filter((u) => u.context !== 'comment'));
  for (const [name, v] of names) env[v] = valueOf(args, name);
  for (const u of uses) {
    const v = names.get(u.name);
    command += template.slice(last, u.start);
    last = u.end;
    if (v === undefined) command += template.slice(u.start, u.end);
    else if (u.context === 'word') command += `"\${${v}}"`;
    else if (u.context === 'single') command += `'"\${${v}}"'`;
    else command += `\${${v}}`;
  }
  return { command: command + template.slice(last), env };
}

/**
 * cmd.exe: each placeholder becomes `!SKB_ARG_n!`, whose variable holds the value quoted for the program's own
 * parser (quoted only when it must be, as Node and libuv quote arguments); a literal `!` is escaped for delayed
 * expansion (`^!` inside quotes, `^^!` outside).
 */
function renderCmdCommand(
  template: string,
  args: Record<string, JsonValue>,
): { command: string; env: Record<string, string> } {
  const { uses, problems, bangs } = analyseCmdTemplate(template);
  if (problems.length > 0) refuse(problems, 'cmd');
  const env: Record<string, string> = {};
  const pieces = [
    ...uses.map((u, n) => {
      const value = valueOf(args, u.name);
      // A quoted value's trailing backslashes are doubled only when the template's closing quote follows.
      const text =
        u.context === 'word' ? quoteWindowsArg(value) : escapeInQuotes(value, template[u.end] === '"');
      if (text !== '') env[`SKB_ARG_${n}`] = text;
      // An empty variable would be left as !NAME! by cmd, so an empty quoted value is written as nothing.
      return { start: u.start, end: u.end, text: text === '' ? '' : `!SKB_ARG_${n}!` };
    }),
    ...bangs.map((b) => ({ start: b.offset, end: b.offset + 1, text: b.quoted ? '^!' : '^^!' })),
  ].sort((a, b) => a.start - b.start);
  let command = '';
  let last = 0;
  for (const p of pieces) {
    command += template.slice(last, p.start) + p.text;
    last = p.end;
  }
  return { command: command + template.slice(last), env };
}

/**
 * An argument as the Microsoft C runtime's parser (CommandLineToArgvW rules) reads back as exactly `value`: as is
 * when it has no blank or quote and is not empty, else quoted with `"` and the backslashes before quotes escaped.
 */
export function quoteWindowsArg(value: string): string {
  return value !== '' && !/[\s"]/.test(value) ? value : `"${escapeInQuotes(value, true)}"`;
}

/** `value` for inside a quoted argument: `"` as `\"`, backslashes before a quote (or the closing one) doubled. */
function escapeInQuotes(value: string, closingQuoteFollows: boolean): string {
  let out = '';
  let backslashes = 0;
  for (const c of value) {
    if (c === '\\') {
      backslashes++;
      continue;
    }
    if (c === '"') out += '\\'.repeat(backslashes * 2 + 1) + '"';
    else out += '\\'.repeat(backslashes) + c;
    backslashes = 0;
  }
  return out + '\\'.repeat(closingQuoteFollows ? backslashes * 2 : backslashes);
}

/** Words the shell must run itself: keywords and built-ins that no program on PATH stands in for. */
const SHELL_ONLY = new Set(
  (
    '! { } [[ ]] case do done elif else esac fi for function if in select then time until while ' +
    '. : alias bg break builtin cd command continue declare enable eval exec exit export fc fg getopts hash jobs ' +
    'let local read readonly return set shift shopt source times trap type typeset ulimit umask unalias unset wait'
  ).split(' '),
);

/** Placeholders, plain word characters, blanks, '...', "..." without $ ` \, and backslash escapes: nothing else. */
const PLAIN_WORDS = new RegExp(
  `^(?:${PLACEHOLDER.source}|[A-Za-z0-9_./:,+@%=-]|[^\\x00-\\x7f]|[ \\t]|\\\\[^\\n]|'[^']*'|"[^"$\`\\\\]*")*$`,
);

/**
 * The program and arguments of a template that has no shell syntax beyond words (POSIX only), so it can run
 * without a shell; undefined when a shell is needed (operators, expansions, globs, newlines, keywords, built-ins,
 * an assignment or a placeholder as the command). On Windows a shell is always used: programs such as npm are
 * batch files only cmd can start.
 */
export function directArgv(
  template: string,
  args: Record<string, JsonValue>,
  dialect: ShellDialect = shellDialect(),
): string[] | undefined {
  if (dialect !== 'sh' || !PLAIN_WORDS.test(template)) return undefined;
  const first = splitShellWords(template, { substitute: () => '\0' })[0];
  if (first === undefined || first.includes('\0') || first.includes('=') || SHELL_ONLY.has(first))
    return undefined;
  return splitShellWords(template, { substitute: (name) => valueOf(args, name) });
}

/** How a `shell` tool runs: the program directly when the template is plain words, else the dialect's shell. */
interface ShellPlan {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** Pass `args` to the process as written (cmd.exe's command line), without Node's Windows quoting. */
  verbatimArguments: boolean;
}

export function planShellCommand(
  template: string,
  args: Record<string, JsonValue>,
  dialect: ShellDialect = shellDialect(),
): ShellPlan {
  const problems = shellTemplateProblems(template, dialect);
  if (problems.length > 0) refuse(problems, dialect);
  const argv = directArgv(template, args, dialect);
  if (argv) {
    const [file = '', ...rest] = argv;
    return { file, args: rest, env: {}, verbatimArguments: false };
  }
  const { command, env } = renderShellCommand(template, args, dialect);
  return { ...shellInvocation(command, dialect), env };
}

/** The platform shell running a command line: `/bin/sh -c`, or cmd.exe with delayed expansion on Windows. */
export function shellInvocation(
  command: string,
  dialect: ShellDialect = shellDialect(),
): { file: string; args: string[]; verbatimArguments: boolean } {
  return dialect === 'cmd'
    ? {
        file: process.env.ComSpec ?? 'cmd.exe',
        // /s strips exactly the outer quotes; verbatim, or Node would escape the inner quotes for a C program.
        args: ['/d', '/s', '/v:on', '/c', `"${command}"`],
        verbatimArguments: true,
      }
    : { file: '/bin/sh', args: ['-c', command], verbatimArguments: false };
}

/** A script's argument list: the command split into shell words, each placeholder's value one unsplit piece. */
export function renderArgv(template: string, args: Record<string, JsonValue>): string[] {
  return splitShellWords(template, { substitute: (name) => argText(args[name]) });
}

/** A URL with each placeholder replaced by its percent-encoded value. */
export function renderUrl(template: string, args: Record<string, JsonValue>): string {
  return replacePlaceholders(template, (name) => encodeURIComponent(argText(args[name])));
}

/** Header values: plain substitution, refusing line breaks (header injection). */
export function renderHeader(template: string, args: Record<string, JsonValue>): string {
  return replacePlaceholders(template, (name) => argText(args[name]).replace(/[\r\n]+/g, ' '));
}
