// The scanners that read a shell template's quoting (POSIX sh and cmd.exe): the context of each placeholder, and
// problems at the line and column where no reference can be exact. Pure: runs the same on every OS.
import { describe, expect, it } from 'vitest';
import { analyseCmdTemplate } from '../../../../electron/core/tools/cmd-syntax.js';
import { analysePosixTemplate, lineColumn } from '../../../../electron/core/tools/shell-syntax.js';

const contexts = (t: string) => analysePosixTemplate(t).uses.map((u) => u.context);
const problems = (t: string) =>
  analysePosixTemplate(t).problems.map((p) => `${p.line}:${p.column} ${p.message}`);

describe('analysePosixTemplate: contexts', () => {
  it('tells unquoted, double-quoted and single-quoted placeholders apart', () => {
    expect(contexts(`echo {{a}} "x {{a}}" 'y {{a}}' --k={{a}}`)).toEqual([
      'word',
      'double',
      'single',
      'word',
    ]);
  });

  it('starts a new command inside $(…), also inside double quotes (the issue example)', () => {
    expect(contexts(`printf '[%s]\\n' "$(printf '%s' "{{x}}")"`)).toEqual(['double']);
    expect(contexts(`printf '[%s]\\n' "$(printf '%s' {{x}})"`)).toEqual(['word']);
    expect(contexts(`echo "$(echo "$(echo {{x}})")"`)).toEqual(['word']);
  });

  it('reads backticks after unescaping them, as the shell does', () => {
    expect(contexts('echo `echo {{x}}` "`echo {{x}}`"')).toEqual(['word', 'word']);
    // Inside double quotes \" becomes " in the inner command; outside it stays an escaped quote.
    expect(contexts('echo "`echo \\"{{x}}\\"`"')).toEqual(['double']);
    expect(contexts('echo `echo \\"{{x}}\\"`')).toEqual(['word']);
    const [use] = analysePosixTemplate('echo "`echo \\"{{x}}\\"`"').uses;
    expect('echo "`echo \\"{{x}}\\"`"'.slice(use?.start, use?.end)).toBe('{{x}}');
  });

  it('ends a comment at the line end, whatever quotes it holds (the issue example)', () => {
    expect(contexts(`# say "hi\nprintf '[%s]' {{x}}`)).toEqual(['word']);
    expect(contexts(`echo a # {{x}} "\necho {{x}}`)).toEqual(['comment', 'word']);
    expect(contexts(`echo a#{{x}}`)).toEqual(['word']); // # inside a word is no comment
  });

  it('reads here-document bodies: expanded with an unquoted delimiter, refused with a quoted one', () => {
    expect(contexts('cat <<EOF\n"{{x}}" $(echo {{x}})\nEOF\necho {{x}}')).toEqual([
      'heredoc',
      'word',
      'word',
    ]);
    expect(contexts('cat <<-EOF\n\t{{x}}\n\tEOF\necho "{{x}}"')).toEqual(['heredoc', 'double']);
    expect(problems("cat <<'EOF'\n{{x}}\nEOF")).toEqual([
      expect.stringMatching(/^2:1 .*delimiter is quoted/),
    ]);
  });

  it('skips `case` patterns inside $(…) and parameters, arithmetic and braces that hold no placeholder', () => {
    expect(contexts('echo "$(case $1 in a) echo {{x}};; (b) echo;; esac)" {{x}}')).toEqual(['word', 'word']);
    expect(contexts('echo ${HOME:-"a)"} $((1 + (2))) $# ${#x} {{x}}')).toEqual(['word']);
    expect(problems('echo ${HOME:-"a)"} $((1 + (2))) $# ${#x} {{x}}')).toEqual([]);
  });
});

describe('analysePosixTemplate: refusals name line and column', () => {
  it.each([
    ['echo "${v%{{x}}}"', '1:11', /inside \$\{…\}/],
    ['echo\necho $(( {{n}} + 1 ))', '2:10', /arithmetic/],
    ['(( {{n}} > 1 )) && echo', '1:4', /arithmetic/],
    ["echo $'{{x}}'", '1:8', /\$'…'/],
    ['echo ${{x}}', '1:6', /right after `\$`/],
    ['echo \\{{x}}', '1:6', /backslash/],
    ['echo "a \\{{x}}"', '1:9', /backslash/],
    ['cat <<{{x}}\nbody\n{{x}}', '1:7', /delimiter/],
    ['echo "{{x}}', '1:6', /never closed/],
    ["echo '{{x}}", '1:6', /never closed/],
    ['echo $(echo {{x}}', '1:6', /\$\( is never closed/],
    ['echo `echo {{x}}', '1:6', /` is never closed/],
    ['echo a)', '1:7', /closes nothing/],
    ['cat <<EOF\n{{x}}', '2:1', /end line "EOF" is missing/],
  ])('%j: %s', (template, at, message) => {
    const found = analysePosixTemplate(template).problems;
    expect(found.map((p) => `${p.line}:${p.column}`)).toContain(at);
    expect(found.find((p) => `${p.line}:${p.column}` === at)?.message).toMatch(message);
  });

  // bash evaluates these as arithmetic (or as variable names, whose subscripts are arithmetic), and a value such
  // as `a[$(touch FLAG)]` then runs a command: found by a red-team pass, each checked with bash.
  it.each([
    ['echo $[{{n}}+1]', '1:8', /arithmetic/],
    ['for ((i=0;i<{{n}};i++)); do :; done', '1:13', /arithmetic/],
    ['[[ {{n}} -gt 3 ]] && echo big', '1:4', /\[\[ … \]\]/],
    ['if [[ -n x && "{{n}}" -eq 1 ]]; then echo; fi', '1:16', /\[\[ … \]\]/],
    ['let x={{n}}', '1:7', /`let`/],
    ['declare -i x={{n}}', '1:14', /declared with -i or -n/],
    ['declare -i x; x={{n}}', '1:17', /declared with -i or -n/],
    ['local -n r={{x}}', '1:12', /declared with -i or -n/],
    ['arr[{{n}}]=1', '1:5', /array subscript/],
    ['a=1 b[{{x}}]=2 cmd', '1:7', /array subscript/],
    ['read {{n}}', '1:6', /variable name/],
    ['printf -v {{n}} x', '1:11', /variable name/],
    ['test -v {{n}}', '1:9', /variable name/],
    ['declare {{n}}=1', '1:9', /variable name/],
    ['cat <<EOF\nbody\nEO\\\nF\n{{n}}\nEOF', '3:3', /joined with the next by bash/],
  ])('bash evaluation: %j is refused at %s', (template, at, message) => {
    const found = analysePosixTemplate(template).problems;
    expect(found.map((p) => `${p.line}:${p.column}`)).toContain(at);
    expect(found.find((p) => `${p.line}:${p.column}` === at)?.message).toMatch(message);
  });

  it("reads bash's here-string <<< as an operator before an ordinary word, not as a here-document", () => {
    const a = analysePosixTemplate('cat <<<hi\n{{n}}\nhi');
    expect(a.problems).toEqual([]);
    expect(a.uses.map((u) => u.context)).toEqual(['word']);
    expect(analysePosixTemplate('cat <<<{{x}}').uses.map((u) => u.context)).toEqual(['word']);
  });

  it('keeps accepting values where bash does not evaluate them', () => {
    for (const t of [
      'export A={{x}}; local b={{x}}; echo "{{x}}"',
      '[ "{{x}}" = a ] && [ "{{x}}" -eq 1 ] && echo',
      'read -p "{{x}}" answer',
      'printf %s {{x}}; test -n {{x}}',
      'x={{x}}; echo "$x"',
      'cat <<EOF\n{{x}} \\\\\nEOF',
    ])
      expect(problems(t), t).toEqual([]);
  });

  it('refuses a placeholder inside backticks at its position in the outer template', () => {
    const [p] = analysePosixTemplate('echo\necho `echo ${a:-{{x}}}`').problems;
    expect([p?.line, p?.column]).toEqual([2, 17]);
  });

  it('finds nothing wrong with ordinary templates', () => {
    for (const t of [
      'git log --format=%H -n {{count}} -- {{path}}',
      'for f in *.txt; do wc -l "$f" {{x}}; done',
      'if [ -n "{{x}}" ]; then echo yes; fi # {{x}} "',
      'x={{x}}; echo "${x%.txt}" | tr a-z A-Z >&2',
    ])
      expect(problems(t), t).toEqual([]);
  });
});

describe('analyseCmdTemplate', () => {
  const cmd = (t: string) => analyseCmdTemplate(t);

  it('tells placeholders inside and outside quotes apart, and lists literal ! with their quoting', () => {
    const a = cmd('prog {{a}} "x {{a}} y" Hi! "wow!"');
    expect(a.uses.map((u) => u.context)).toEqual(['word', 'quoted']);
    expect(a.bangs.map((b) => b.quoted)).toEqual([false, true]);
    expect(a.problems).toEqual([]);
  });

  it.each([
    ['echo %{{x}}%', '1:7', /next to %/],
    ['echo "a"{{x}}', '1:9', /quote right next to it/],
    ['echo "{{a}}{{b}}"', '1:12', /next to each other/],
    ['echo \\{{x}}', '1:7', /backslash/],
    ['echo "a^b" {{x}}', '1:8', /inside quotes, this \^/],
    ['echo a^^b {{x}}', '1:7', /before \^ or !/],
    ['echo {{x}}\necho', '1:11', /one line/],
    ['echo "{{x}}', '1:6', /never closed/],
  ])('%j is refused at %s', (template, at, message) => {
    const p = cmd(template).problems.find((x) => `${x.line}:${x.column}` === at);
    expect(p?.message).toMatch(message);
  });

  it('accepts carets outside quotes when they only escape an operator', () => {
    expect(cmd('echo a^&b {{x}} ^| more').problems).toEqual([]);
    expect(cmd('echo "a^b"').problems).toEqual([]); // no delayed expansion without placeholders or !
  });
});

describe('lineColumn', () => {
  it('counts from 1 after each line feed', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
