// Frontmatter language support in SKILL.md: the frontmatter's top-level keys complete and explain themselves from
// the shared frontmatter schema. Registered once, when the editor (and so Monaco) first loads.
import { FRONTMATTER_SCHEMA } from '../../../shared/frontmatter-schema.js';
import type { JsonValue } from '../../../shared/types.js';
import { monaco } from '../monaco/monaco.js';
import { frontmatterRange } from '../../../shared/syntax/frontmatter-edit.js';

type Obj = { [key: string]: JsonValue };
const properties = ((FRONTMATTER_SCHEMA as Obj).properties ?? {}) as Record<string, Obj>;

/** In a SKILL.md, the frontmatter's top-level keys complete and explain themselves from the frontmatter schema. */
function inFrontmatter(model: monaco.editor.ITextModel, line: number): boolean {
  const range = frontmatterRange(model.getValue());
  return range !== undefined && line > range.startLine && line < range.endLine;
}

monaco.languages.registerCompletionItemProvider(['markdown', 'skill-md'], {
  provideCompletionItems(model, position) {
    if (!inFrontmatter(model, position.lineNumber)) return { suggestions: [] };
    const line = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
    const word = model.getWordUntilPosition(position);
    const range = new monaco.Range(
      position.lineNumber,
      word.startColumn,
      position.lineNumber,
      word.endColumn,
    );
    const valueOf = /^([\w-]+):\s*\S*$/.exec(line);
    if (valueOf) {
      const options = properties[valueOf[1] ?? '']?.enum;
      const bool = properties[valueOf[1] ?? '']?.type === 'boolean';
      const values = Array.isArray(options) ? options.map(String) : bool ? ['true', 'false'] : [];
      return {
        suggestions: values.map((v) => ({
          label: v,
          kind: monaco.languages.CompletionItemKind.Value,
          insertText: v,
          range,
        })),
      };
    }
    if (!/^[\w-]*$/.test(line)) return { suggestions: [] };
    return {
      suggestions: Object.entries(properties).map(([key, schema]) => ({
        label: key,
        kind: monaco.languages.CompletionItemKind.Property,
        documentation: typeof schema.description === 'string' ? schema.description : undefined,
        insertText: `${key}: `,
        range,
      })),
    };
  },
});

monaco.languages.registerHoverProvider(['markdown', 'skill-md'], {
  provideHover(model, position) {
    if (!inFrontmatter(model, position.lineNumber)) return null;
    const m = /^([\w-]+):/.exec(model.getLineContent(position.lineNumber));
    const key = m?.[1];
    const description = key ? properties[key]?.description : undefined;
    if (!key || typeof description !== 'string' || position.column > key.length + 1) return null;
    return {
      range: new monaco.Range(position.lineNumber, 1, position.lineNumber, key.length + 1),
      contents: [{ value: `**${key}**` }, { value: description }],
    };
  },
});
