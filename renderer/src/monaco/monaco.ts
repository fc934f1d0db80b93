// Owns loading Monaco for every feature that needs it (the editor, the runner's JSON arguments): the locally bundled
// monaco-editor (never a CDN), its workers as Vite `?worker` chunks and YAML support from monaco-yaml. Only lazily
// loaded screens import this folder, so the library screen never pays for Monaco.
//
// Trimmed to what skills use (issue 14): Monaco's editor API with only the editor features the app offers, listed
// below (`editor.all` would bring some sixty, from the diff editor and inline completions to sticky scroll and GPU
// rendering), the Markdown, YAML, JSON, shell, Python and JavaScript/TypeScript languages (tokenizers), and of the
// language services only JSON's (the runner's schema-checked arguments) and monaco-yaml's. `monaco-editor`'s main
// entry would bring every language Monaco ships and the CSS, HTML and TypeScript services.
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
// The editing core: commands (typing, cursor moves, undo), the widget, clipboard, the context menu.
import 'monaco-editor/esm/vs/editor/browser/coreCommands.js';
import 'monaco-editor/esm/vs/editor/browser/widget/codeEditor/codeEditorWidget.js';
import 'monaco-editor/esm/vs/editor/contrib/clipboard/browser/clipboard.js';
import 'monaco-editor/esm/vs/editor/contrib/contextmenu/browser/contextmenu.js';
import 'monaco-editor/esm/vs/editor/contrib/cursorUndo/browser/cursorUndo.js';
// What the editor and the runner's JSON arguments use: quick fixes (light bulb, Ctrl+.), hover, completion (with the
// snippets it inserts), find and replace, folding, format, links, markers (F8), comments, bracket matching.
import 'monaco-editor/esm/vs/editor/contrib/codeAction/browser/codeActionContributions.js';
import 'monaco-editor/esm/vs/editor/contrib/hover/browser/hoverContribution.js';
import 'monaco-editor/esm/vs/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/esm/vs/editor/contrib/snippet/browser/snippetController2.js';
import 'monaco-editor/esm/vs/editor/contrib/find/browser/findController.js';
import 'monaco-editor/esm/vs/editor/contrib/folding/browser/folding.js';
import 'monaco-editor/esm/vs/editor/contrib/format/browser/formatActions.js';
import 'monaco-editor/esm/vs/editor/contrib/links/browser/links.js';
import 'monaco-editor/esm/vs/editor/contrib/gotoError/browser/gotoError.js';
import 'monaco-editor/esm/vs/editor/contrib/comment/browser/comment.js';
import 'monaco-editor/esm/vs/editor/contrib/bracketMatching/browser/bracketMatching.js';
// Everyday editing: several cursors, line and word operations, indentation, smart and line selection, drag and drop
// of text, highlighting of the word under the cursor.
import 'monaco-editor/esm/vs/editor/contrib/multicursor/browser/multicursor.js';
import 'monaco-editor/esm/vs/editor/contrib/linesOperations/browser/linesOperations.js';
import 'monaco-editor/esm/vs/editor/contrib/wordOperations/browser/wordOperations.js';
import 'monaco-editor/esm/vs/editor/contrib/indentation/browser/indentation.js';
import 'monaco-editor/esm/vs/editor/contrib/smartSelect/browser/smartSelect.js';
import 'monaco-editor/esm/vs/editor/contrib/lineSelection/browser/lineSelection.js';
import 'monaco-editor/esm/vs/editor/contrib/dnd/browser/dnd.js';
import 'monaco-editor/esm/vs/editor/contrib/wordHighlighter/browser/wordHighlighter.js';
// Accessibility and safety: Ctrl+M toggles Tab's focus trap, read-only files say so, invisible characters are shown.
import 'monaco-editor/esm/vs/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode.js';
import { TabFocus } from 'monaco-editor/esm/vs/editor/browser/config/tabFocus.js';
import 'monaco-editor/esm/vs/editor/contrib/readOnlyMessage/browser/contribution.js';
import 'monaco-editor/esm/vs/editor/contrib/unicodeHighlighter/browser/unicodeHighlighter.js';
import 'monaco-editor/esm/vs/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess.js';
import 'monaco-editor/esm/vs/editor/common/standaloneStrings.js';
import 'monaco-editor/esm/vs/base/browser/ui/codicons/codiconStyles.js';
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

// Disposing an editor (leaving the Edit tab while typing) cancels Monaco's pending completion, hover and highlight
// requests with its `Canceled` error, which nothing awaits; VS Code ignores these, and so does the app.
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof Error && reason.name === 'Canceled' && reason.message === 'Canceled')
    event.preventDefault();
});
configureMonacoYaml(monaco, { enableSchemaRequest: false, validate: true, completion: true, hover: true });

/** Monaco's theme for the app's theme. */
export const monacoTheme = (theme: 'light' | 'dark') => (theme === 'dark' ? 'vs-dark' : 'vs');

/** What every editor in the app shares: no minimap, no scrolling past the end, following its box's size. */
export const EDITOR_OPTIONS = {
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  // Linux's default dims the last line's number below a readable contrast.
  renderFinalNewline: 'on',
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

/** Whether Tab moves the focus out of every editor (Ctrl+M toggles it), and its changes. */
export const tabFocus = TabFocus;

export { monaco };
