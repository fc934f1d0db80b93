// Owns turning a skill's instructions into the text a model receives when the skill is invoked: `$ARGUMENTS`,
// `$ARGUMENTS[N]`, `$N`, named `arguments` (`$name`) and `{{variables}}` substituted (DESIGN.md "Running").
// Pure: the renderer's preview and any CLI use share it.
import { replacePlaceholders } from './placeholders.js';
import { splitShellWords } from './shell-words.js';

interface RenderInput {
  instructions: string;
  /** The argument string as the user typed it after the skill's name. */
  args: string;
  /** Names given to positional arguments by the frontmatter's `arguments` (a list, or a space-separated string). */
  argumentNames?: string[];
  /** Values for `{{variable}}` placeholders; a placeholder without a value is left as written. */
  variables?: Record<string, string>;
  /** `${CLAUDE_SKILL_DIR}`: the skill's folder (Claude Code substitutes it; issue 11). */
  skillDir?: string;
  /** `${CLAUDE_SESSION_ID}`: a placeholder value in a preview, shown as such. */
  sessionId?: string;
}

/** What the preview shows for `${CLAUDE_SESSION_ID}`: there is no session, so it says so. */
export const PREVIEW_SESSION_ID = '<session id: set by Claude Code at run time>';

interface RenderedInstructions {
  text: string;
  /** `$N` / `$ARGUMENTS[N]` / `$name` placeholders that had no argument and were left as written. */
  missing: string[];
  /** True when the body had no `$ARGUMENTS` placeholder and the arguments were appended as `ARGUMENTS: ...`. */
  appended: boolean;
  /**
   * The `` !`command` `` lines Claude Code runs before the prompt and replaces with their output: listed, never run
   * here.
   */
  commands: string[];
}

const BANG_COMMAND = /!`([^`\n]+)`/g;

/** The `` !`command` `` snippets of a body, in order (Claude Code runs each and inlines its output). */
export function bangCommands(instructions: string): string[] {
  return [...instructions.matchAll(BANG_COMMAND)].map((m) => m[1] ?? '');
}

const NAME = /^[A-Za-z_][\w-]*$/;

/** The frontmatter `arguments` value as a list of names (anything else gives none). */
export function argumentNamesOf(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(/\s+/) : Array.isArray(value) ? value : [];
  return list.filter((n): n is string => typeof n === 'string' && NAME.test(n));
}

export function renderInstructions(input: RenderInput): RenderedInstructions {
  const positional = splitShellWords(input.args);
  const names = input.argumentNames ?? [];
  const missing = new Set<string>();
  let usedArguments = false;
  const at = (index: number, written: string): string => {
    const v = positional[index];
    if (v === undefined) missing.add(written);
    return v ?? written;
  };
  // Longest names first so `$file_name` is not read as `$file` + `_name`.
  const named = [...names].sort((a, b) => b.length - a.length).map((n) => n.replace(/[-]/g, '\\-'));
  const pattern = new RegExp(
    String.raw`\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS\b|\$(\d+)` +
      (named.length ? `|\\$(${named.join('|')})\\b` : ''),
    'g',
  );
  let text = input.instructions.replace(pattern, (whole: string, ...groups: unknown[]) => {
    // Without named arguments the third group does not exist and its slot holds the match offset.
    const [idx, num, name] = groups.slice(0, 3).map((g) => (typeof g === 'string' ? g : undefined));
    if (idx !== undefined) {
      usedArguments = true;
      return at(Number(idx), whole);
    }
    if (num !== undefined) {
      usedArguments = true;
      return at(Number(num), whole);
    }
    if (name !== undefined) {
      usedArguments = true;
      return at(names.indexOf(name), whole);
    }
    usedArguments = true;
    return input.args;
  });
  text = replacePlaceholders(text, (name, whole) => input.variables?.[name] ?? whole);
  if (input.skillDir !== undefined) text = text.replaceAll('${CLAUDE_SKILL_DIR}', input.skillDir);
  text = text.replaceAll('${CLAUDE_SESSION_ID}', input.sessionId ?? PREVIEW_SESSION_ID);
  const appended = !usedArguments && input.args.trim() !== '';
  if (appended) text = `${text.replace(/\s*$/, '')}\n\nARGUMENTS: ${input.args}\n`;
  return { text, missing: [...missing], appended, commands: bangCommands(text) };
}
