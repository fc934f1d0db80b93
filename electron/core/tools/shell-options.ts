// Owns what a one-word value can still become in a POSIX shell template: each value is exactly one word
// (shell-syntax.ts), but a word starting with `-` is read by most programs as an option, and some options run code
// (`tar --use-compress-program`, `git --upload-pack`, `rg --pre`, `find -exec`…); some programs run their
// arguments as code (`eval`, `sh -c`, `watch`, `ssh host cmd`). Judged from the words as written, not by running.
import { analysePosixTemplate, lineColumn, type WordUse } from './shell-syntax.js';

interface OptionProblem {
  offset: number;
  line: number;
  column: number;
  severity: 'warning' | 'error';
  code: 'tool-shell-option' | 'tool-shell-eval';
  message: string;
  /** Where inserting `-- ` ends the options before this placeholder, when the program accepts `--` there. */
  insertDashes?: number;
}

/** Programs with an option that runs a command or a program the value names. */
const OPTION_EXECUTORS = new Set([
  'tar',
  'gtar',
  'bsdtar',
  'git',
  'rg',
  'find',
  'rsync',
  'scp',
  'sftp',
  'ssh',
  'zip',
  'wget',
  'xargs',
  'env',
  'sudo',
  'doas',
]);
/** Programs that run the program their first non-option word names, with the words after it. */
const RUNNERS = new Set([
  'env',
  'xargs',
  'sudo',
  'doas',
  'nohup',
  'nice',
  'timeout',
  'stdbuf',
  'exec',
  'command',
]);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash']);
/** ssh's options that take a value (from ssh(1)), so the word after one is not the host. */
const SSH_VALUE_OPTIONS = new Set('BbcDEeFIiJLlmOoPpQRSWw'.split('').map((c) => `-${c}`));
/** Programs where a leading `-` cannot do more than change what is printed, and which print `--` literally. */
const HARMLESS = new Set(['echo']);

const isOption = (w: string) => w.startsWith('-') && w !== '-';
const base = (w: string) => w.slice(w.lastIndexOf('/') + 1);

/** The template with `-- ` inserted where a problem says the options end. */
export function withDashes(template: string, at: number): string {
  return `${template.slice(0, at)}-- ${template.slice(at)}`;
}

/** The opt-in manifest key that allows a placeholder to reach `eval`, `sh -c` and the like. */
export const ALLOW_EVAL_KEY = 'allowShellEval';

/**
 * For each placeholder that is a whole argument word of a POSIX template, what the value could become: a warning
 * when it could be an option (no `--` before it), an error when the program has options that run code, and an
 * error (unless `allowEval`) when the program runs it as shell code.
 */
export function shellOptionProblems(template: string, allowEval = false): OptionProblem[] {
  const out: OptionProblem[] = [];
  let first: { w: WordUse; at: number } | undefined;
  for (const w of analysePosixTemplate(template).words) {
    const p = judge(w, w.program, w.before, allowEval);
    if (!p) continue;
    // One `--` before the command's first such placeholder covers the ones after it.
    const same = first && first.w.program === w.program && first.w.before.every((b, i) => w.before[i] === b);
    if (p.insertDashes !== undefined) {
      if (same && first) p.insertDashes = first.at;
      else first = { w, at: p.insertDashes };
    }
    out.push({ offset: w.start, ...lineColumn(template, w.start), ...p });
  }
  return out;
}

type Judgement = Omit<OptionProblem, 'offset' | 'line' | 'column'> | undefined;

const evalProblem = (what: string, allow: boolean): Judgement =>
  allow
    ? undefined
    : {
        severity: 'error',
        code: 'tool-shell-eval',
        message: `the value of {{…}} is ${what}, so it runs as code whatever its quoting; pass it as an argument or through a file instead, or set \`${ALLOW_EVAL_KEY}: true\` on the tool if running model-chosen code is intended`,
      };

function judge(w: WordUse, written: string | undefined, before: string[], allowEval: boolean): Judgement {
  if (written === undefined) return undefined; // the command name: outside this check
  const program = base(written);
  const dashes = before.indexOf('--');
  const afterDashes = dashes >= 0;
  if (program === 'eval') return evalProblem('handed to `eval`', allowEval);
  if (program === 'watch')
    return evalProblem('handed to `watch`, which runs its arguments with sh -c', allowEval);
  if (SHELLS.has(program)) {
    // After `-c`, the first non-option word is the command string; the words after it are $0, $1…
    const c = before.findIndex((b) => /^-[A-Za-z]*c[A-Za-z]*$/.test(b));
    if (c >= 0 && before.slice(c + 1).every(isOption))
      return evalProblem(`the command string of \`${program} -c\``, allowEval);
    if (c >= 0) return undefined;
  }
  if (program === 'env' && /^(-S|--split-string)$/.test(before[before.length - 1] ?? ''))
    return evalProblem('split into a command line by `env -S`', allowEval);
  if (program === 'ssh') {
    const host = sshHost(before);
    if (host >= 0) return evalProblem('part of the command `ssh` sends to the remote shell', allowEval);
  }
  if (RUNNERS.has(program)) {
    // Past the runner's own options and NAME=value words, the first word is the program it runs.
    const start = before.findIndex(
      (b, i) => i > dashes && !isOption(b) && !/^\w+=/.test(b) && !/^\d/.test(b),
    );
    if (start >= 0) return judge(w, before[start], before.slice(start + 1), allowEval);
    const last = before[before.length - 1];
    if (afterDashes || last === undefined || !isOption(last) || last.includes('='))
      return evalProblem(`the program \`${program}\` runs`, allowEval);
  }
  if (afterDashes || HARMLESS.has(program)) return undefined;
  const previous = before[before.length - 1];
  const executor = OPTION_EXECUTORS.has(program);
  // Read as the value of the option before it (`-f {{file}}`, `--name {{x}}`): a value starting with `-` is still
  // that option's value. Not knowing which options take a value, a flag there would hide a real option, so
  // programs with code-running options get no such benefit of the doubt (find's primaries all take their value).
  const optionValue = previous !== undefined && isOption(previous) && !previous.includes('=');
  if (optionValue && (!executor || program === 'find')) return undefined;
  // printf reads options only before its format; after the format every word is data.
  if (program === 'printf' && before.some((b) => !isOption(b))) return undefined;
  const canDash = program !== 'find' && !(program === 'git' && before.length === 0);
  const why =
    program === 'find'
      ? 'find reads a word starting with - as part of its expression even after --, so start the value with ./ or check it'
      : `write \`--\` before it${program === 'git' && before.length === 0 ? ' (after the git subcommand)' : ''}${optionValue ? `, or join it to its option as one word (${previous}${previous?.startsWith('--') ? '=' : ''}{{…}})` : ''}`;
  return {
    severity: executor ? 'error' : 'warning',
    code: 'tool-shell-option',
    message: executor
      ? `a value starting with - would be read by \`${program}\` as an option, and some of its options run commands (${EXAMPLES[program] ?? 'e.g. a program to run'}); ${why}`
      : `a value starting with - would be read by \`${program}\` as an option; ${why}`,
    // Before the quote when the placeholder is quoted.
    ...(canDash ? { insertDashes: w.start - (w.quoted ? 1 : 0) } : {}),
  };
}

/** Index in `before` of ssh's host (its first word that is neither an option nor an option's value), or -1. */
function sshHost(before: string[]): number {
  for (let i = 0; i < before.length; i++) {
    const b = before[i] ?? '';
    if (b === '--') continue;
    if (SSH_VALUE_OPTIONS.has(b)) i++;
    else if (!isOption(b)) return i;
  }
  return -1;
}

const EXAMPLES: Record<string, string> = {
  tar: '--use-compress-program, --checkpoint-action=exec',
  gtar: '--use-compress-program, --checkpoint-action=exec',
  bsdtar: '--use-compress-program',
  git: '--upload-pack, -c core.sshCommand=…',
  rg: '--pre',
  find: '-exec, -execdir, -ok',
  rsync: '-e, --rsync-path',
  scp: '-o ProxyCommand=…, -S',
  sftp: '-o ProxyCommand=…, -S',
  ssh: '-o ProxyCommand=…',
  zip: '-TT with -T',
  wget: '-e use_askpass=…',
  xargs: 'the program it runs, -I',
  env: '-S, the program it runs',
  sudo: 'the program it runs',
  doas: 'the program it runs',
};
