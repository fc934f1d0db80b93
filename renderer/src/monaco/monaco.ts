// Owns loading Monaco for every feature that needs it (the editor, the runner's JSON arguments): the locally bundled
// monaco-editor (never a CDN), its workers as Vite `?worker` chunks and YAML support from monaco-yaml. Only lazily
// loaded screens import this folder, so the library screen never pays for Monaco.
//
// Trimmed to what skills use (issue 14): the editor core with its features, but only the Markdown, YAML, JSON, shell,
// Python and JavaScript/TypeScript languages (tokenizers), and of the language services only JSON's (the runner's
// schema-checked arguments) and monaco-yaml's. `monaco-editor`'s main entry would bring every language Monaco ships
// and the CSS, HTML and TypeScript services.
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/markdown/markdown.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/shell/shell.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/python/python.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/javascript/javascript.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/typescript/typescript.contribution.js';
import 'monaco-editor/esm/vs/language/json/monaco.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker?worker';
import { configureMonacoYaml } from 'monaco-yaml';
import YamlWorker from 'monaco-yaml/yaml.worker?worker';

self.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    if (label === 'json') return new JsonWorker();
    if (label === 'yaml') return new YamlWorker();
    return new EditorWorker();
  },
};

loader.config({ monaco });
configureMonacoYaml(monaco, { enableSchemaRequest: false, validate: true, completion: true, hover: true });

/** Monaco's theme for the app's theme. */
export const monacoTheme = (theme: 'light' | 'dark') => (theme === 'dark' ? 'vs-dark' : 'vs');

/** What every editor in the app shares: no minimap, no scrolling past the end, following its box's size. */
export const EDITOR_OPTIONS = {
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
} satisfies monaco.editor.IStandaloneEditorConstructionOptions;

/**
 * Validates the JSON model at `modelUri` against `schema` (Monaco's JSON language keeps one list of schemas, so the
 * one model being edited gets the only entry; no schema is ever fetched).
 */
export function validateJsonModel(modelUri: string, schemaUri: string, schema: unknown): void {
  monaco.languages.json.jsonDefaults.setDiagnosticsOptions({
    validate: true,
    enableSchemaRequest: false,
    schemas: [{ uri: schemaUri, fileMatch: [modelUri], schema }],
  });
}

export { monaco };
