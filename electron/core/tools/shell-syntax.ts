// Owns reading a POSIX sh command template as the shell will: for each `{{placeholder}}` the quoting context it
// stands in (quotes, `$(…)` and backticks at any depth, `${…}`, `$((…))`, `#` comments, here-documents), so
// templates.ts can reference its value as exactly one word there, or a problem naming the line and column where no
// reference can be exact. A scanner, not a parser: it tracks what decides a placeholder's context and refuses what
// it cannot decide (no npm parser gives quoting context). cmd.exe's dialect is cmd-syntax.ts's.
// Long because the scanner is one state machine (quotes, substitutions and here-documents nest in each other).
import { placeholderAt, placeholderNames } from '../../../shared/syntax/placeholders.js';

/** Where a placeholder stands in a POSIX template. */
type PosixContext =
  | 'word' // unquoted, in a command (top level, `$(…)`, backticks): becomes "${V}"
  | 'double' // inside "…": becomes ${V}
  | 'single' // inside '…': becomes '"${V}"'
  | 'heredoc' // in the body of a here-document whose delimiter is unquoted: becomes ${V}
  | 'comment'; // in a `#` comment: left as written, the shell never reads it

export interface PlaceholderUse<C extends string> {
  /** Offset of `{{` and the offset after `}}` in the template. */
  start: number;
  end: number;
  name: string;
  context: C;
}

export interface TemplateProblem {
  offset: number;
  /** 1-based, in the template text. */
  line: number;
  column: number;
  message: string;
}

export interface TemplateAnalysis<C extends string> {
  uses: PlaceholderUse<C>[];
  problems: TemplateProblem[];
}

/**
 * A placeholder that is a whole word of a simple command (alone, or alone inside one pair of quotes): the
 * command's name as written and the words between the name and it, quoted parts shown as NUL. What options a
 * value could become is judged from this (shell-options.ts).
 */
export interface WordUse {
  start: number;
  end: number;
  name: string;
  /** Undefined when the placeholder is the command name itself. */
  program?: string;
  before: string[];
  /** Whether the word is the placeholder inside quotes. */
  quoted: boolean;
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  return { line, column: offset - lineStart + 1 };
}

/** Words the shell reads at the start of a command, after which a new command starts. */
const OPENING_WORDS = new Set(['then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', '{', 'time']);

export interface RawProblem {
  offset: number;
  message: string;
}

interface RawUse {
  start: number;
  end: number;
  name: string;
  context: PosixContext;
}

/** Messages for a placeholder in a place whose value the shell would read as code or pattern. */
const FORBIDDEN = {
  unquotedSubstitution:
    'a placeholder inside an unquoted $(…) or `…`: the shell splits what it prints into words and expands * and ? in them, so a value can become many words, options or file names; quote the substitution, e.g. "$(printf %s {{x}})"',
  braces:
    'a placeholder inside ${…} is not one word there (the shell reads it as a pattern or operand); assign it first, e.g. `v={{x}}; echo "${v%.txt}"`',
  arithmetic:
    'a placeholder inside arithmetic ($((…)) or ((…))) would be evaluated as an expression, which can run commands; assign it first and check it is a number',
  quotedHeredoc:
    "a placeholder in a here-document whose delimiter is quoted cannot be expanded (the body is taken literally); unquote the delimiter (<<EOF instead of <<'EOF')",
  heredocDelimiter:
    'a placeholder cannot be (part of) a here-document delimiter; write the delimiter literally',
  ansiC:
    "a placeholder inside $'…' cannot be referenced (that quoting differs between sh and bash); use '…' or \"…\"",
  doubleBracket:
    "a placeholder inside bash's [[ … ]] can be evaluated as arithmetic (the operands of -eq, -lt…), which can run commands; use [ … ] instead",
  subscript:
    'a placeholder in an array subscript (name[…]=) is evaluated as arithmetic by bash, which can run commands; assign it to a plain variable first',
  letArgs:
    'the arguments of `let` are arithmetic, which bash evaluates and which can run commands; check the value is a number first',
  integer:
    'a placeholder assigned to a variable declared with -i or -n is evaluated by bash (as arithmetic or as a variable name), which can run commands; use a plain variable',
  variableName:
    'a placeholder used as a variable name (of declare, local, read, printf -v, test -v…) can make bash evaluate a subscript, which can run commands; write the name literally',
  continuedHeredoc:
    'a line ending in \\ in this here-document is joined with the next by bash but not by dash, so the shells disagree where the here-document ends; remove the backslash',
} as const;

/** Builtins whose arguments are variable names (or name=value), and whose -i/-n options make a value evaluated. */
const DECLARERS = new Set(['declare', 'typeset', 'local', 'export', 'readonly']);
/** `read`'s options that take a value, so the word after them is not a variable name. */
const READ_VALUE_OPTIONS = new Set(['-d', '-i', '-n', '-N', '-p', '-t', '-u']);
const ASSIGNMENT = /^[A-Za-z_]\w*(?:\[[^\]]*\])?\+?=/;
const SUBSCRIPT_OPEN = /^[A-Za-z_]\w*\[[^\]]*$/;

/**
 * Scans a POSIX template. Offsets in the result are offsets of `text`; `map` (for the text of a backtick
 * substitution, which is unescaped before the shell reads it) turns them into offsets of the outer template.
 */
class PosixScanner {
  i = 0;
  readonly uses: RawUse[] = [];
  readonly problems: RawProblem[] = [];
  readonly words: WordUse[] = [];
  /** Whether a variable was declared -i or -n (declare, local…): bash then evaluates what is assigned to it. */
  integers = false;

  constructor(
    private readonly text: string,
    /** When set, every placeholder met is a problem with this message (inside `${…}`, arithmetic…). */
    private forbid?: string,
  ) {}

  private problem(offset: number, message: string): void {
    this.problems.push({ offset, message });
  }

  /** Handles a placeholder at `i` in `context`, if one starts there; answers whether it did. */
  private placeholder(context: PosixContext): boolean {
    const p = placeholderAt(this.text, this.i);
    if (!p) return false;
    if (this.forbid && context !== 'comment') this.problem(this.i, this.forbid);
    else this.uses.push({ start: this.i, end: this.i + p.length, name: p.name, context });
    this.i += p.length;
    return true;
  }

  private startsPlaceholder(at: number): boolean {
    return placeholderAt(this.text, at) !== undefined;
  }

  /**
   * A list of commands, up to the end of the text or, when `closing` is ')', the parenthesis closing a `$(`.
   * Answers whether the closing parenthesis was found.
   */
  commands(closing: ')' | undefined): boolean {
    const t = this.text;
    let commandStart = true;
    let word = '';
    let inWord = false;
    let parens = 0;
    let cases = 0;
    const heredocs: Array<{ delimiter: string; quoted: boolean; stripTabs: boolean }> = [];
    // The current simple command, as far as bash's evaluation of values goes: its name (the first word that is
    // not an assignment), the words after it, and whether it is a `[[ … ]]` still open.
    let name: string | undefined;
    let args: string[] = [];
    let doubleBracket = false;
    // For WordUse: where the current word starts, the arguments as written (without redirection targets), and
    // whether the word being read follows `<` or `>`.
    let wordStart = 0;
    let argv: string[] = [];
    let redirect = false;
    const newCommand = () => {
      commandStart = true;
      name = undefined;
      args = [];
      argv = [];
      redirect = false;
    };
    const endWord = () => {
      if (inWord) {
        const whole = wholePlaceholder(t.slice(wordStart, this.i));
        if (whole && !redirect && this.uses.some((u) => u.start === wordStart + whole.at))
          this.words.push({
            start: wordStart + whole.at,
            end: wordStart + whole.at + whole.length,
            name: whole.name,
            ...(name === undefined ? {} : { program: name }),
            before: [...argv],
            quoted: whole.at === 1,
          });
        if (name !== undefined && !redirect) argv.push(word);
        redirect = false;
        if (commandStart && word === 'case') cases++;
        else if (word === 'esac' && cases > 0) cases--;
        if (name === undefined && !(commandStart && OPENING_WORDS.has(word)) && !ASSIGNMENT.test(word)) {
          name = word;
          doubleBracket = word === '[[';
        } else if (name !== undefined) {
          args.push(word);
          if (doubleBracket && word === ']]') doubleBracket = false;
          if (DECLARERS.has(name) && /^-[A-Za-z]*[in]/.test(word)) this.integers = true;
        }
        commandStart = commandStart && OPENING_WORDS.has(word);
      }
      word = '';
      inWord = false;
    };
    /** Why bash would evaluate a value standing in the current word as code, if it would. */
    const evaluated = (): string | undefined => {
      if (doubleBracket) return FORBIDDEN.doubleBracket;
      const declarer = name !== undefined && DECLARERS.has(name);
      const previous = args[args.length - 1];
      if ((name === undefined || declarer) && SUBSCRIPT_OPEN.test(word)) return FORBIDDEN.subscript;
      if (name === 'let') return FORBIDDEN.letArgs;
      if (name === undefined || declarer) {
        if (ASSIGNMENT.test(word)) return this.integers ? FORBIDDEN.integer : undefined;
        return declarer ? FORBIDDEN.variableName : undefined;
      }
      if (name === 'read' && !(previous !== undefined && READ_VALUE_OPTIONS.has(previous)))
        return FORBIDDEN.variableName;
      if ((name === 'printf' || name === 'test' || name === '[') && previous === '-v')
        return FORBIDDEN.variableName;
      return undefined;
    };
    /** Runs `scan` with placeholders refused where bash would evaluate them. */
    const guarded = (scan: () => void) => {
      const outer = this.forbid;
      this.forbid ??= evaluated();
      scan();
      this.forbid = outer;
    };
    while (this.i < t.length) {
      const c = t[this.i] ?? '';
      if (!inWord) wordStart = this.i;
      if (placeholderAt(t, this.i)) {
        guarded(() => this.placeholder('word'));
        inWord = true;
        word += '\0'; // never a keyword
        continue;
      }
      if (c === '\\') {
        if (this.startsPlaceholder(this.i + 1))
          this.problem(this.i, 'a backslash right before a placeholder escapes its first brace; remove it');
        if (t[this.i + 1] !== '\n') {
          word += t[this.i + 1] ?? '';
          inWord = true;
        }
        this.i += 2;
        continue;
      }
      if (c === "'") {
        inWord = true;
        word += '\0';
        guarded(() => this.single());
        continue;
      }
      if (c === '"') {
        inWord = true;
        word += '\0';
        guarded(() => this.double());
        continue;
      }
      if (c === '`' || (c === '$' && t[this.i + 1] === '(' && t[this.i + 2] !== '(')) {
        // An unquoted substitution's output is split into words and globbed, whatever quoting the value had
        // inside it; only an assignment's value or a [[ … ]] operand is left whole.
        const at = this.i;
        const before = this.uses.length;
        const whole = doubleBracket || (name === undefined && ASSIGNMENT.test(word));
        inWord = true;
        word += '\0';
        guarded(() => (c === '`' ? this.backticks(false) : this.dollar(false)));
        if (!whole && this.uses.slice(before).some((u) => u.context !== 'comment'))
          this.problem(at, FORBIDDEN.unquotedSubstitution);
        continue;
      }
      if (c === '$') {
        inWord = true;
        word += '\0';
        guarded(() => this.dollar(false));
        continue;
      }
      if (c === '#' && !inWord) {
        while (this.i < t.length && t[this.i] !== '\n') if (!this.placeholder('comment')) this.i++;
        continue;
      }
      if (c === '\n') {
        endWord();
        this.i++;
        for (const h of heredocs.splice(0)) this.heredocBody(h);
        if (!doubleBracket) newCommand();
        continue;
      }
      if (c === ' ' || c === '\t') {
        endWord();
        this.i++;
        continue;
      }
      if (doubleBracket && '()&|<>'.includes(c)) {
        // Inside [[ … ]] these are operators of the expression, not of the shell.
        endWord();
        this.i++;
        continue;
      }
      if (c === '<' && t[this.i + 1] === '<' && t[this.i + 2] === '<') {
        // bash's here-string: the word after it is an ordinary word.
        endWord();
        redirect = true;
        this.i += 3;
        continue;
      }
      if (c === '<' && t[this.i + 1] === '<') {
        endWord();
        const stripTabs = t[this.i + 2] === '-';
        this.i += stripTabs ? 3 : 2;
        heredocs.push({ ...this.heredocDelimiter(), stripTabs });
        continue;
      }
      if (c === '(' && t[this.i + 1] === '(' && !inWord) {
        // `((…))` as a command, and bash's `for ((…; …; …))`.
        this.arithmetic(this.i, this.i + 2);
        commandStart = false;
        continue;
      }
      if (c === '(') {
        endWord();
        parens++;
        newCommand();
        this.i++;
        continue;
      }
      if (c === ')') {
        endWord();
        if (parens > 0) parens--;
        else if (cases > 0) {
          /* the end of a case pattern */
        } else if (closing === ')') {
          this.i++;
          return true;
        } else this.problem(this.i, 'this `)` closes nothing; remove it or add the `(`');
        this.i++;
        newCommand();
        continue;
      }
      if (c === '&' && (t[this.i - 1] === '>' || t[this.i - 1] === '<')) {
        // `>&2`, `<&0`: a file descriptor follows, the command goes on.
        this.i++;
        continue;
      }
      if (c === ';' || c === '&' || c === '|') {
        endWord();
        this.i++;
        newCommand();
        continue;
      }
      if (c === '<' || c === '>') {
        // A file descriptor number before it (2>…) is not an argument either.
        if (/^\d+$/.test(word)) [word, inWord] = ['', false];
        endWord();
        redirect = true;
        this.i++;
        continue;
      }
      word += c;
      inWord = true;
      this.i++;
    }
    endWord();
    if (heredocs.length > 0)
      this.problem(
        t.length,
        `the here-document <<${heredocs[0]?.delimiter ?? ''} has no body; add it on the next lines`,
      );
    return false;
  }

  /** After `'`: up to the closing quote. */
  private single(): void {
    const open = this.i++;
    while (this.i < this.text.length && this.text[this.i] !== "'") if (!this.placeholder('single')) this.i++;
    if (this.i >= this.text.length) this.problem(open, "this ' is never closed; add the closing '");
    this.i++;
  }

  /** After `"`: up to the closing quote, with `$…`, backticks and escapes inside. */
  private double(): void {
    const t = this.text;
    const open = this.i++;
    while (this.i < t.length && t[this.i] !== '"') {
      if (this.placeholder('double')) continue;
      const c = t[this.i];
      if (c === '\\') {
        if (this.startsPlaceholder(this.i + 1))
          this.problem(this.i, 'a backslash right before a placeholder escapes its first brace; remove it');
        this.i += 2;
      } else if (c === '$') this.dollar(true);
      else if (c === '`') this.backticks(true);
      else this.i++;
    }
    if (this.i >= t.length) this.problem(open, 'this " is never closed; add the closing "');
    this.i++;
  }

  /** At `$`: a parameter, `${…}`, `$(…)`, `$((…))`, `$'…'` or a plain `$`. */
  private dollar(inDouble: boolean): void {
    const t = this.text;
    const at = this.i;
    const next = t[at + 1];
    if (this.startsPlaceholder(at + 1)) {
      this.problem(
        at,
        'a placeholder right after `$` would be read as ${…}; put a space or a quote between them',
      );
      this.i++;
      return;
    }
    if (next === '(' && t[at + 2] === '(') {
      this.arithmetic(at, at + 3);
      return;
    }
    if (next === '[') {
      this.arithmetic(at, at + 2, ']');
      return;
    }
    if (next === '(') {
      this.i = at + 2;
      if (!this.commands(')')) this.problem(at, 'this $( is never closed; add the closing )');
      return;
    }
    if (next === '{') {
      this.braces(at);
      return;
    }
    if (next === "'" && !inDouble) {
      this.i = at + 2;
      const outer = this.forbid;
      this.forbid = FORBIDDEN.ansiC;
      while (this.i < t.length && t[this.i] !== "'") {
        if (this.placeholder('single')) continue;
        this.i += t[this.i] === '\\' ? 2 : 1;
      }
      this.forbid = outer;
      if (this.i >= t.length) this.problem(at, "this $' is never closed; add the closing '");
      this.i++;
      return;
    }
    if (next === '"' && !inDouble) {
      this.i = at + 1;
      this.double();
      return;
    }
    this.i = at + (next !== undefined && /[A-Za-z0-9_@*#?$!-]/.test(next) ? 2 : 1);
    if (next !== undefined && /[A-Za-z_]/.test(next)) while (/[A-Za-z0-9_]/.test(t[this.i] ?? '')) this.i++;
  }

  /** At `$` of `${`: up to the matching `}`; every placeholder inside is refused. */
  private braces(at: number): void {
    const t = this.text;
    const outer = this.forbid;
    this.forbid ??= FORBIDDEN.braces;
    this.i = at + 2;
    while (this.i < t.length && t[this.i] !== '}') {
      if (this.placeholder('double')) continue;
      const c = t[this.i];
      if (c === '\\') this.i += 2;
      else if (c === '"') this.double();
      else if (c === "'") this.single();
      else if (c === '$') this.dollar(true);
      else if (c === '`') this.backticks(true);
      else this.i++;
    }
    this.forbid = outer;
    if (this.i >= t.length) this.problem(at, 'this ${ is never closed; add the closing }');
    this.i++;
  }

  /**
   * From `from` up to the `))` (or, for bash's `$[…]`, the `]`) closing the arithmetic that opens at `at`; every
   * placeholder inside is refused.
   */
  private arithmetic(at: number, from: number, close: ')' | ']' = ')'): void {
    const t = this.text;
    const outer = this.forbid;
    this.forbid ??= FORBIDDEN.arithmetic;
    this.i = from;
    let depth = 0;
    while (this.i < t.length) {
      if (this.placeholder('word')) continue;
      const c = t[this.i];
      if (close === ')' && c === ')' && depth === 0 && t[this.i + 1] === ')') break;
      if (close === ']' && c === ']' && depth === 0) break;
      if (c === '(' || (close === ']' && c === '[')) depth++;
      else if (c === ')' || (close === ']' && c === ']')) depth--;
      if (c === '$') this.dollar(false);
      else if (c === '`') this.backticks(false);
      else if (c === '"') this.double();
      else if (c === "'") this.single();
      else this.i += c === '\\' ? 2 : 1;
    }
    this.forbid = outer;
    if (this.i >= t.length)
      this.problem(
        at,
        close === ']'
          ? 'this arithmetic $[ is never closed; add the closing ]'
          : 'this arithmetic (( is never closed; add the closing ))',
      );
    this.i += close === ']' ? 1 : 2;
  }

  /**
   * At a backtick: the text up to the closing one, unescaped as the shell does (`\\`, `` \` ``, `\$`, and `\"`
   * inside double quotes), is a command list of its own; its placeholders are mapped back to this text.
   */
  private backticks(inDouble: boolean): void {
    const t = this.text;
    const open = this.i++;
    let inner = '';
    const map: number[] = [];
    while (this.i < t.length && t[this.i] !== '`') {
      const c = t[this.i] ?? '';
      const n = t[this.i + 1] ?? '';
      if (c === '\\' && (n === '\\' || n === '`' || n === '$' || (inDouble && n === '"'))) {
        map.push(this.i + 1);
        inner += n;
        this.i += 2;
      } else {
        map.push(this.i);
        inner += c;
        this.i++;
      }
    }
    if (this.i >= t.length) this.problem(open, 'this ` is never closed; add the closing ` (or use $(…))');
    this.i++;
    map.push(this.i - 1);
    const sub = new PosixScanner(inner, this.forbid);
    sub.commands(undefined);
    const back = (o: number) => map[o] ?? open;
    for (const u of sub.uses) this.uses.push({ ...u, start: back(u.start), end: back(u.end - 1) + 1 });
    for (const p of sub.problems) this.problems.push({ ...p, offset: back(p.offset) });
    for (const w of sub.words) this.words.push({ ...w, start: back(w.start), end: back(w.end - 1) + 1 });
  }

  /** At the word after `<<`: the delimiter, unquoted, and whether any of it was quoted. */
  private heredocDelimiter(): { delimiter: string; quoted: boolean } {
    const t = this.text;
    while (t[this.i] === ' ' || t[this.i] === '\t') this.i++;
    let delimiter = '';
    let quoted = false;
    while (this.i < t.length && !/[\s;&|<>()]/.test(t[this.i] ?? '')) {
      if (this.startsPlaceholder(this.i)) {
        this.problem(this.i, FORBIDDEN.heredocDelimiter);
        delimiter += t[this.i++];
        continue;
      }
      const c = t[this.i] ?? '';
      if (c === "'" || c === '"') {
        quoted = true;
        const end = t.indexOf(c, this.i + 1);
        const stop = end < 0 ? t.length : end;
        delimiter += t.slice(this.i + 1, stop);
        this.i = stop + 1;
      } else if (c === '\\') {
        quoted = true;
        delimiter += t[this.i + 1] ?? '';
        this.i += 2;
      } else {
        delimiter += c;
        this.i++;
      }
    }
    if (delimiter === '') this.problem(this.i, 'a here-document (<<) needs a delimiter word, e.g. <<EOF');
    return { delimiter, quoted };
  }

  /** At the line after a here-document's command: its body, up to the delimiter line. */
  private heredocBody(h: { delimiter: string; quoted: boolean; stripTabs: boolean }): void {
    const t = this.text;
    const start = this.i;
    let end = start;
    let after = t.length;
    let found = false;
    while (end < t.length || end === start) {
      const nl = t.indexOf('\n', end);
      const lineEnd = nl < 0 ? t.length : nl;
      const line = t.slice(end, lineEnd);
      if ((h.stripTabs ? line.replace(/^\t+/, '') : line) === h.delimiter) {
        after = nl < 0 ? t.length : nl + 1;
        found = true;
        break;
      }
      if (nl < 0) break;
      end = nl + 1;
    }
    if (!found) {
      end = t.length;
      this.problem(
        start,
        `the here-document's end line "${h.delimiter}" is missing; add it on a line of its own`,
      );
    }
    if (!h.quoted) {
      // A body line ending in an unescaped backslash: bash joins it with the next before looking for the end line.
      const continued = /(?:^|[^\\])(?:\\\\)*\\\n/.exec(t.slice(start, found ? after : t.length));
      if (continued && placeholderNames(t).length > 0)
        this.problem(start + continued.index + continued[0].length - 2, FORBIDDEN.continuedHeredoc);
    }
    const outer = this.forbid;
    if (h.quoted) this.forbid ??= FORBIDDEN.quotedHeredoc;
    this.i = start;
    while (this.i < end) {
      if (this.placeholder('heredoc')) continue;
      const c = t[this.i];
      if (h.quoted) this.i++;
      else if (c === '\\') {
        if (this.startsPlaceholder(this.i + 1))
          this.problem(this.i, 'a backslash right before a placeholder escapes its first brace; remove it');
        this.i += 2;
      } else if (c === '$') this.dollar(true);
      else if (c === '`') this.backticks(true);
      else this.i++;
    }
    this.forbid = outer;
    this.i = after;
  }
}

/** A word that is one placeholder, bare or inside one pair of quotes: where it starts in the word. */
function wholePlaceholder(raw: string): { at: number; length: number; name: string } | undefined {
  const q = raw[0];
  const at = (q === '"' || q === "'") && raw.endsWith(q) && raw.length > 2 ? 1 : 0;
  const p = placeholderAt(raw, at);
  return p && at + p.length + at === raw.length ? { at, length: p.length, name: p.name } : undefined;
}

/** The context of every placeholder of a POSIX sh template, or the problems that make it ambiguous. */
export function analysePosixTemplate(
  template: string,
): TemplateAnalysis<PosixContext> & { words: WordUse[] } {
  const scanner = new PosixScanner(template);
  scanner.commands(undefined);
  return {
    uses: scanner.uses.sort((a, b) => a.start - b.start),
    problems: withPositions(template, scanner.problems),
    words: scanner.words.sort((a, b) => a.start - b.start),
  };
}

/** Problems sorted by offset, each with its line and column. */
export function withPositions(template: string, raw: RawProblem[]): TemplateProblem[] {
  return raw.sort((a, b) => a.offset - b.offset).map((p) => ({ ...p, ...lineColumn(template, p.offset) }));
}
