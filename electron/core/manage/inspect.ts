// Owns looking at a fetched source before anything is written (issue 17): the skills it holds, each validated with
// the profiles of the target agents (the library's own rules, through a Workspace), and exactly what each can run:
// its tools with kinds and commands, its `!`command`` lines, and the MCP servers the source configures (the trust
// report of workspace trust, issue 12).
import { dirname, posix, relative, sep } from 'node:path';
import type { TrustReportView } from '../../../shared/host-types.js';
import { bangCommands } from '../../../shared/syntax/instructions.js';
import type { Diagnostic, SkillTool, ValidationProfile } from '../../../shared/types.js';
import { Workspace } from '../workspace.js';
import { checkCancelled } from './cancel.js';
import { fetchSource, type FetchedSource, type RunControl, type SkillSource } from './source.js';

const SOURCE_ROOT = 'source';

export interface ToolSummary {
  name: string;
  kind: SkillTool['kind'];
  /** What it runs or reaches: the command, script, URL, built-in handler or `server__tool`. */
  runs: string;
}

export interface InspectedSkill {
  name: string;
  description: string;
  /** Absolute folder in the fetched source. */
  folder: string;
  /** The skill's manifest relative to the source's top ('/'-separated), as the lockfile's `skillPath`. */
  skillPath: string;
  /** Findings per profile checked (the target agents' profiles). */
  findings: Partial<Record<ValidationProfile, Diagnostic[]>>;
  /** True when any profile reports an error: the install is refused unless forced. */
  blocked: boolean;
  tools: ToolSummary[];
  /** The `!`command`` lines of its instructions. */
  commands: string[];
  /** MCP servers its tools call (`server` of each `server__tool` target). */
  mcpServers: string[];
}

export interface SourceInspection {
  skills: InspectedSkill[];
  /** MCP servers the source's own config would start, with their command lines. */
  servers: TrustReportView['servers'];
  /** Manifests found that could not be read as a skill, with why. */
  problems: Array<{ path: string; reason: string }>;
}

/** A file of an inspected skill as the source names it ('/'-separated): the fetched copy is temporary. */
export function pathInSource(skill: Pick<InspectedSkill, 'folder' | 'skillPath'>, file: string): string {
  return posix.join(posix.dirname(skill.skillPath), relative(skill.folder, file).split(sep).join('/'));
}

function toolRuns(t: SkillTool): string {
  switch (t.kind) {
    case 'shell':
    case 'script':
      return t.command ?? '';
    case 'http':
      return `${t.method ?? 'GET'} ${t.url ?? ''}`;
    default:
      return t.target === 'shell' ? `shell ${JSON.stringify(t.lockedArgs ?? {})}` : (t.target ?? t.name);
  }
}

/** The skills of a fetched source, each checked with every profile given (at least one). */
export function inspectSource(
  fetched: FetchedSource,
  profiles: readonly ValidationProfile[],
  onProgress?: RunControl['onProgress'],
): SourceInspection {
  const checked: ValidationProfile[] = profiles.length ? [...new Set(profiles)] : ['skillbench'];
  const byProfile = checked.map((profile) => ({
    profile,
    ws: Workspace.open({ roots: [{ path: fetched.root, kind: 'project', id: SOURCE_ROOT }], profile }),
  }));
  const first = byProfile[0]?.ws;
  if (!first) return { skills: [], servers: [], problems: [] };
  const skills: InspectedSkill[] = [];
  const problems: SourceInspection['problems'] = [];
  onProgress?.({
    step: 'found',
    count: first.entries.filter((e) => e.status !== 'excluded' && e.skill).length,
  });
  for (const entry of first.entries) {
    if (entry.status === 'excluded') continue;
    if (!entry.skill) {
      problems.push({ path: entry.path, reason: entry.reason ?? 'the manifest could not be read' });
      continue;
    }
    const skill = entry.skill;
    onProgress?.({ step: 'validating', skill: skill.name, profiles: checked });
    const findings: InspectedSkill['findings'] = {};
    for (const { profile, ws } of byProfile)
      findings[profile] = ws.entries.find((e) => e.path === entry.path)?.diagnostics ?? [];
    const folder = dirname(entry.path);
    skills.push({
      name: skill.name,
      description: skill.description,
      folder,
      skillPath: relative(fetched.dir, entry.path).split(sep).join('/'),
      findings,
      blocked:
        entry.status === 'invalid' ||
        Object.values(findings).some((list) => list.some((d) => d.severity === 'error')),
      tools: skill.tools.map((t) => ({ name: t.name, kind: t.kind, runs: toolRuns(t) })),
      commands: bangCommands(skill.instructions),
      mcpServers: [
        ...new Set(
          skill.tools.filter((t) => t.kind === 'mcp').map((t) => (t.target ?? '').split('__')[0] ?? ''),
        ),
      ].filter(Boolean),
    });
  }
  const servers = first.trustReport(SOURCE_ROOT).servers;
  for (const { ws } of byProfile) void ws.close();
  return { skills, servers, problems };
}

/**
 * The one way a source is opened for adding (the CLI's `add`, the app's `manage:inspect`, updates and sync): fetched,
 * then inspected, progress told at each step; on failure or cancel nothing fetched is left behind.
 */
export async function fetchAndInspect(
  source: SkillSource,
  profiles: readonly ValidationProfile[],
  run: RunControl = {},
): Promise<{ fetched: FetchedSource; inspection: SourceInspection }> {
  const fetched = await fetchSource(source, run);
  try {
    const inspection = inspectSource(fetched, profiles, run.onProgress);
    checkCancelled(run.signal, `fetching ${source.source}`);
    return { fetched, inspection };
  } catch (error) {
    fetched.dispose();
    throw error;
  }
}
