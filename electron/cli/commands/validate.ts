// `skillbench validate`: every manifest found, its diagnostics, and an exit code CI can act on.
import type { Diagnostic } from '../../../shared/types.js';
import type { CliIo } from '../io.js';
import {
  diagnosticJson,
  displayPath,
  entrySummary,
  openFromArgs,
  parseFormat,
  readersText,
  type LibraryArgs,
} from '../library-args.js';

export function runValidate(args: LibraryArgs & { format?: string }, io: CliIo): number {
  const format = parseFormat(args.format, ['text', 'json'] as const);
  const workspace = openFromArgs(args, io);
  const library = { entries: workspace.entries, diagnostics: workspace.diagnostics };
  const all = [...library.diagnostics, ...library.entries.flatMap((e) => e.diagnostics)];
  const count = (s: Diagnostic['severity']) => all.filter((d) => d.severity === s).length;
  const summary = {
    skills: library.entries.length,
    errors: count('error'),
    warnings: count('warning'),
    infos: count('info'),
  };
  if (format === 'json') {
    io.stdout(
      `${JSON.stringify({ skills: library.entries.map(entrySummary), diagnostics: library.diagnostics.map(diagnosticJson), summary }, null, 2)}\n`,
    );
  } else {
    const line = (d: Diagnostic) =>
      `${displayPath(io, d.file)}:${d.line}:${d.column} ${d.severity} ${d.code}` +
      `${d.profiles ? ` [${d.profiles.join(', ')}]` : ''} ${d.message}\n`;
    if (library.diagnostics.length) {
      io.stdout('library\n');
      library.diagnostics.forEach((d) => io.stdout(line(d)));
      io.stdout('\n');
    }
    for (const e of library.entries) {
      if (e.diagnostics.length === 0) continue;
      const readers = readersText(e);
      io.stdout(
        `${e.id} (${e.status}${e.reason ? `: ${e.reason}` : ''})${readers ? ` read by ${readers}` : ''}\n`,
      );
      e.diagnostics.forEach((d) => io.stdout(line(d)));
      io.stdout('\n');
    }
    const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
    io.stdout(
      `${plural(summary.skills, 'manifest')} checked: ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ${summary.infos} info\n`,
    );
  }
  return summary.errors > 0 ? 1 : 0;
}
