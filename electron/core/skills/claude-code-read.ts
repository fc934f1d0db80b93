// Owns reading a SKILL.md as Claude Code reads it when its frontmatter is not clean YAML, for the `claude-code`
// profile's skill (its effective values and listing). Claude Code retries a frontmatter that does not parse with its
// top-level values taken as text (a repeated key keeps its last value), and failing that ignores the frontmatter; it
// sees none at all unless `---` is the first line. test/integration/ecosystem/claude-code.test.ts holds this to Claude Code itself.
import { splitFrontmatter } from '../../../shared/syntax/frontmatter.js';
import type { RawManifest } from './raw-manifest.js';
import { parseYaml } from './yaml-source.js';
import { quoted } from './rules/rule.js';

interface ClaudeCodeReading {
  data: Record<string, unknown>;
  body: string;
}

/** What Claude Code reads from a SKILL.md whose frontmatter Skillbench found broken; undefined when it is clean. */
export function claudeCodeReading(raw: RawManifest): ClaudeCodeReading | undefined {
  const split = splitFrontmatter(raw.text);
  if (split.kind !== 'ok' || split.leadingBlankLines > 0) return { data: {}, body: raw.text };
  if (raw.data !== undefined && !raw.unreliableLines) return undefined;
  const yaml = raw.text.slice(split.yamlStart, split.yamlEnd);
  return { data: lenientParse(yaml) ?? {}, body: raw.body };
}

/** The frontmatter with each plain top-level value quoted and tab indentation made spaces, if that parses. */
function lenientParse(yaml: string): Record<string, unknown> | undefined {
  const text = yaml
    .split(/\r?\n/)
    .map((line) => {
      const m = /^([A-Za-z_][\w-]*):[ \t]+(.*?)[ \t]*$/.exec(line);
      // A block scalar's header (`|`, `>-`, `|2`) stays; `| some text` is text, as Claude Code reads it.
      const value = m?.[2] ?? '';
      if (m && value && !/^["']/.test(value) && !/^[|>][+-]?\d*[+-]?\s*(?:#.*)?$/.test(value))
        return `${m[1]}: ${quoted(value)}`;
      return line.replace(/^\t+/, (tabs) => '  '.repeat(tabs.length));
    })
    .join('\n');
  const parsed = parseYaml(text);
  const value = parsed.value;
  // A repeated key is no obstacle to Claude Code: the last value wins.
  const errors = parsed.errors.filter((e) => e.code !== 'DUPLICATE_KEY');
  if (errors.length || !value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return value as Record<string, unknown>;
}
