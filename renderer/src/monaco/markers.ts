// Owns showing the host's diagnostics in Monaco: markers at their exact ranges and the diagnostics' fixes as quick
// fixes (the light bulb and Ctrl/Cmd+.).
import type { Diagnostic, QuickFix } from '../../../shared/types.js';
import { monaco } from './monaco.js';

const OWNER = 'skillbench';
const byModel = new Map<string, Diagnostic[]>();

const SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;

/** The diagnostic's range; one without an end covers the rest of its word (at least one character). */
export function rangeOf(model: monaco.editor.ITextModel, d: Diagnostic): monaco.IRange {
  const line = Math.min(Math.max(d.line, 1), model.getLineCount());
  const maxColumn = model.getLineMaxColumn(line);
  const column = Math.min(Math.max(d.column, 1), maxColumn);
  if (d.endLine && d.endColumn && (d.endLine > line || d.endColumn > column))
    return { startLineNumber: line, startColumn: column, endLineNumber: d.endLine, endColumn: d.endColumn };
  const word = model.getWordAtPosition({ lineNumber: line, column });
  const end = word && word.endColumn > column ? word.endColumn : Math.min(column + 1, maxColumn);
  return {
    startLineNumber: line,
    startColumn: column,
    endLineNumber: line,
    endColumn: Math.max(end, column),
  };
}

export function showDiagnostics(model: monaco.editor.ITextModel, diagnostics: Diagnostic[]): void {
  byModel.set(model.uri.toString(), diagnostics);
  monaco.editor.setModelMarkers(
    model,
    OWNER,
    diagnostics.map((d) => ({
      ...rangeOf(model, d),
      severity: SEVERITY[d.severity],
      message: d.message,
      code: d.code,
      source: 'skillbench',
    })),
  );
}

/** Text fixes only: a fix that renames a file or folder is offered from the skill's actions instead. */
export function textFixes(d: Diagnostic): QuickFix[] {
  return [d.fix, ...(d.alternativeFixes ?? [])].filter(
    (f): f is QuickFix => !!f && !f.rename && f.edits.length > 0,
  );
}

export function editsOf(fix: QuickFix): monaco.editor.IIdentifiedSingleEditOperation[] {
  return fix.edits.map((e) => ({
    range: new monaco.Range(e.range.line, e.range.column, e.range.endLine, e.range.endColumn),
    text: e.newText,
  }));
}

monaco.languages.registerCodeActionProvider(['markdown', 'skill-md', 'json', 'ini', 'plaintext'], {
  provideCodeActions(model, range) {
    const actions: monaco.languages.CodeAction[] = [];
    for (const d of byModel.get(model.uri.toString()) ?? []) {
      const r = rangeOf(model, d);
      if (r.endLineNumber < range.startLineNumber || r.startLineNumber > range.endLineNumber) continue;
      textFixes(d).forEach((fix, i) =>
        actions.push({
          title: fix.title,
          kind: 'quickfix',
          isPreferred: i === 0,
          diagnostics: [{ ...r, severity: SEVERITY[d.severity], message: d.message }],
          edit: {
            edits: editsOf(fix).map((e) => ({
              resource: model.uri,
              versionId: model.getVersionId(),
              textEdit: { range: e.range, text: e.text ?? '' },
            })),
          },
        }),
      );
    }
    return { actions, dispose() {} };
  },
});
