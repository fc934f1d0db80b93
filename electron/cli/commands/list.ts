// `skillbench list` and `skillbench prompt`: what the library holds, and what a model would be offered.
import { renderAvailableSkills } from '../../core/skills/index.js';
import type { CliIo } from '../io.js';
import { effectiveValues } from '../../../shared/effective.js';
import {
  agentsColumn,
  displayPath,
  entrySummary,
  openFromArgs,
  parseFormat,
  parseProfile,
  type LibraryArgs,
} from '../library-args.js';

export function runList(args: LibraryArgs & { format?: string }, io: CliIo): number {
  const format = parseFormat(args.format, ['text', 'json'] as const);
  const { library } = openFromArgs(args, io);
  if (format === 'json') {
    const profile = parseProfile(args.profile);
    // `effective`: every key as the profile's runtime reads it, written or defaulted (issue 11).
    const skills = library.entries.map((e) => ({
      ...(e.skill ?? {}),
      ...entrySummary(e),
      name: e.skill?.name ?? null,
      ...(e.skill ? { effective: effectiveValues(e.skill, profile) } : {}),
      // --discover: the agents whose skill folders hold this skill, itself or linked (the roots' readers).
      ...(args.discover ? { agents: e.readers ?? [] } : {}),
    }));
    io.stdout(`${JSON.stringify({ roots: library.roots, skills }, null, 2)}\n`);
    return 0;
  }
  const rows = library.entries.map((e) => [
    e.skill?.name ?? '-',
    e.status + (e.skill?.shadowedBy ? ` by ${e.skill.shadowedBy}` : ''),
    e.format,
    String(e.skill?.tools.length ?? 0),
    // --discover: which agents read it (issue 17).
    ...(args.discover ? [agentsColumn(e.readers ?? [])] : []),
    displayPath(io, e.path),
  ]);
  const header = ['NAME', 'STATUS', 'FORMAT', 'TOOLS', ...(args.discover ? ['AGENTS'] : []), 'PATH'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const r of [header, ...rows])
    io.stdout(`${r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i] ?? 0) : c)).join('  ')}\n`);
  return 0;
}

export function runPrompt(args: LibraryArgs, io: CliIo): number {
  const { library } = openFromArgs(args, io);
  io.stdout(`${renderAvailableSkills(library.entries, parseProfile(args.profile))}\n`);
  return 0;
}
