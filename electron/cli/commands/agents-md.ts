// `skillbench sync --agents-md [FILE]` and `skillbench read NAME`: the skills in the agents' folders (and --root
// folders) listed in AGENTS.md for agents without native skills, and a skill printed as those agents load it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { qualifiedName } from '../../../shared/effective.js';
import { SkillError } from '../../../shared/errors.js';
import type { LibraryEntry } from '../../../shared/types.js';
import { agentContext } from '../../core/agents/folders.js';
import { readForAgent, syncAgentsMd } from '../../core/skills/agents-md.js';
import { UsageError, type CliIo } from '../io.js';
import { displayPath, openFromArgs, parseFormat, parseProfile } from '../library-args.js';

interface AgentsMdArgs {
  operands: string[];
  roots?: string[];
  profile?: string;
  format?: string;
}

/**
 * The skills an agent reading AGENTS.md can load: the agents' folders here and at home, openskills' own `.agent/skills`
 * (here and at home), and --root folders.
 */
function skillsHere(o: AgentsMdArgs, io: CliIo) {
  const openskills = [join(io.cwd, '.agent', 'skills'), join(agentContext().home, '.agent', 'skills')];
  return openFromArgs(
    {
      paths: [...(o.roots ?? []), ...openskills.filter((p) => existsSync(p))],
      discover: true,
      ...(o.profile ? { profile: o.profile } : {}),
    },
    io,
  );
}

export function runSyncAgentsMd(o: AgentsMdArgs, io: CliIo): number {
  const format = parseFormat(o.format, ['text', 'json'] as const);
  if (o.operands.length > 1)
    throw new UsageError('Usage: skillbench sync --agents-md [FILE] [--root PATH]...');
  const file = resolve(io.cwd, o.operands[0] ?? 'AGENTS.md');
  if (!/\.md$/i.test(file)) throw new UsageError(`${o.operands[0]} is not a Markdown file: give a .md file.`);
  const workspace = skillsHere(o, io);
  const result = syncAgentsMd(file, workspace.entries, workspace.library.roots, parseProfile(o.profile));
  if (format === 'json') io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else
    io.stdout(
      `${result.changed ? (result.created ? 'Created' : 'Updated') : 'Already up to date:'} ${displayPath(io, file)}: ` +
        `${result.skills.length} skill${result.skills.length === 1 ? '' : 's'}` +
        `${result.skills.length ? ` (${result.skills.join(', ')})` : ''}\n`,
    );
  return 0;
}

export function runRead(o: AgentsMdArgs, io: CliIo): number {
  // `read a,b` as openskills takes it, or `read a b`.
  const names = o.operands.flatMap((n) => n.split(',')).filter(Boolean);
  if (names.length === 0) throw new UsageError('Usage: skillbench read NAME[,NAME...] [--root PATH]...');
  const workspace = skillsHere(o, io);
  const loaded = workspace.entries.filter(
    (e) => e.skill && e.status !== 'shadowed' && e.status !== 'excluded',
  );
  const find = (name: string): LibraryEntry | undefined =>
    loaded.find((e) => qualifiedName(e.skill!) === name) ?? loaded.find((e) => e.skill!.name === name);
  for (const name of names) {
    const entry = find(name);
    if (!entry)
      throw new SkillError(
        'NotFound',
        `No skill named "${name}" in the agents' folders (${workspace.library.roots.map((r) => displayPath(io, r.path)).join(', ') || 'none exist here'}). ` +
          'Install it (skillbench add) or pass the folder holding it with --root.',
      );
    io.stdout(readForAgent(entry, name));
  }
  return 0;
}
