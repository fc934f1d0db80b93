// Test oracles for cmd.exe templates, so their exactness is checked on every OS: what cmd's delayed expansion
// makes of a rendered line, and how a program's C runtime splits its command line into argv.

/** `!NAME!` replaced by the variable's value, as cmd /v:on does after parsing; `^!` and `^^!` as literal `!`. */
export function delayedExpansion(line: string, env: Record<string, string>): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    if (c === '"') quoted = !quoted;
    if (!quoted && line.startsWith('^^!', i)) {
      out += '!';
      i += 2;
    } else if (quoted && line.startsWith('^!', i)) {
      out += '!';
      i += 1;
    } else if (c === '!') {
      const end = line.indexOf('!', i + 1);
      const name = line.slice(i + 1, end);
      if (end < 0 || !(name in env)) throw new Error(`cmd would leave ${line.slice(i)} unexpanded`);
      out += env[name];
      i = end;
    } else out += c;
  }
  return out;
}

/** The arguments a program built with the Microsoft C runtime reads from its command line (2008+ rules). */
export function windowsArgv(line: string): string[] {
  const args: string[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (i >= line.length) return args;
    let arg = '';
    let quoted = false;
    while (i < line.length && (quoted || (line[i] !== ' ' && line[i] !== '\t'))) {
      if (line[i] === '\\') {
        let n = 0;
        while (line[i] === '\\') {
          n++;
          i++;
        }
        if (line[i] === '"') {
          arg += '\\'.repeat(n >> 1);
          if (n % 2 === 1) {
            arg += '"';
            i++;
          }
        } else arg += '\\'.repeat(n);
      } else if (line[i] === '"') {
        if (quoted && line[i + 1] === '"') {
          arg += '"';
          i += 2;
        } else {
          quoted = !quoted;
          i++;
        }
      } else arg += line[i++];
    }
    args.push(arg);
  }
}
