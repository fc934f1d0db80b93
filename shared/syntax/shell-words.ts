// Owns splitting a line into shell-style words, for user argument strings ($ARGUMENTS, $N) and for script
// command templates alike (issue 10: the tokenizer was written twice).
import { placeholderAt } from './placeholders.js';

interface ShellWordsOptions {
  /**
   * Substitutes `{{name}}` placeholders as whole units: the value joins the current word and is never split or
   * unquoted again (a value with spaces stays one word). Without it, `{{x}}` is ordinary text.
   */
  substitute?: (name: string) => string;
}

/**
 * Splits `line` into words: whitespace separates, single and double quotes group and are removed, a backslash
 * escapes the next character outside quotes and `"`/`\` inside double quotes; single quotes escape nothing.
 */
export function splitShellWords(line: string, options: ShellWordsOptions = {}): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    const placeholder = options.substitute ? placeholderAt(line, i) : undefined;
    if (placeholder && options.substitute) {
      word += options.substitute(placeholder.name);
      inWord = true;
      i += placeholder.length - 1;
    } else if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && (line[i + 1] === '"' || line[i + 1] === '\\'))
        word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
