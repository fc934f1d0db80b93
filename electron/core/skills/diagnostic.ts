// The one place that builds Diagnostic values, so every producer fills them the same way.
import type { Diagnostic, QuickFix, Range, Severity } from '../../../shared/types.js';

export function makeDiagnostic(
  severity: Severity,
  code: string,
  message: string,
  file: string,
  range: Range,
  fix?: QuickFix,
  alternativeFixes?: QuickFix[],
): Diagnostic {
  const d: Diagnostic = {
    severity,
    code,
    message,
    file,
    line: range.line,
    column: range.column,
    endLine: range.endLine,
    endColumn: range.endColumn,
  };
  if (fix) d.fix = fix;
  if (alternativeFixes && alternativeFixes.length > 0) d.alternativeFixes = alternativeFixes;
  return d;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Stable order: by file, position, then severity and code. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list.sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error');
}
