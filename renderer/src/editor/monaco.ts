// Owns loading Monaco: the locally bundled monaco-editor (never a CDN), its workers as Vite `?worker` chunks, YAML
// support from monaco-yaml, and frontmatter completion and hover from the shared frontmatter schema. Imported lazily,
// so the library screen never pays for it.
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker?worker';
import { configureMonacoYaml } from 'monaco-yaml';
import YamlWorker from 'monaco-yaml/yaml.worker?worker';
import { FRONTMATTER_SCHEMA } from '../../../shared/frontmatter-schema.js';
import type { JsonValue } from '../../../shared/types.js';
import { frontmatterRange } from './frontmatter-edit.js';

self.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    if (label === 'json') return new JsonWorker();
    if (label === 'yaml') return new YamlWorker();
    return new EditorWorker();
  },
};

loader.config({ monaco });
configureMonacoYaml(monaco, { enableSchemaRequest: false, validate: true, completion: true, hover: true });

type Obj = { [key: string]: JsonValue };
const properties = ((FRONTMATTER_SCHEMA as Obj).properties ?? {}) as Record<string, Obj>;

/** In a SKILL.md, the frontmatter's top-level keys complete and explain themselves from the frontmatter schema. */
function inFrontmatter(model: monaco.editor.ITextModel, line: number): boolean {
  const range = frontmatterRange(model.getValue());
  return range !== undefined && line > range.startLine && line < range.endLine;
}

monaco.languages.registerCompletionItemProvider('markdown', {
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

monaco.languages.registerHoverProvider('markdown', {
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

export { monaco };
