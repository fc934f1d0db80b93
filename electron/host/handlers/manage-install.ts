// `manage:inspect|install|discard`: a source fetched once, kept until installed, discarded or the host closes;
// fetching and installing are tracked runs telling each step as `manage:progress`.
import { randomUUID } from 'node:crypto';
import type { Diagnostic, ValidationProfile } from '../../../shared/types.js';
import type { InspectedSkillView, ManageScope, ManageStep } from '../../../shared/manage-types.js';
import { agentsOf, clashesOf, KeptSources } from '../../core/manage/app-manage.js';
import { blockedFor, fetchAndInspect, pathInSource, type InspectedSkill } from '../../core/manage/inspect.js';
import { installProfiles } from '../../core/manage/install.js';
import { parseSource } from '../../core/manage/source.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { gitBaseOption } from '../../core/app-data.js';
import type { ManageBase } from '../../core/manage/base.js';

/** The project folder a request writes to (one the app was given), with the notices of the run. */
export interface ManageBases {
  of(scope: ManageScope, project: string | undefined): ManageBase;
}

type InstallChannel = 'manage:inspect' | 'manage:install' | 'manage:discard';

function inspectedView(
  s: InspectedSkill,
  required: readonly ValidationProfile[],
  clashes: ReturnType<typeof clashesOf>,
): InspectedSkillView {
  const findings: InspectedSkillView['findings'] = {};
  for (const profile of Object.keys(s.findings) as ValidationProfile[])
    findings[profile] = (s.findings[profile] ?? []).map((d): Diagnostic => {
      const { fix: _fix, ...rest } = d; // fixes edit the temporary copy: nothing to apply them to
      return { ...rest, file: pathInSource(s, d.file) };
    });
  return {
    name: s.name,
    description: s.description,
    skillPath: s.skillPath,
    findings,
    blocked: blockedFor(s, required),
    clashes: clashes.flatMap((c) =>
      c.skill === s.name && c.state !== 'blocked' ? [{ path: c.path, state: c.state }] : [],
    ),
    tools: s.tools,
    commands: s.commands,
    mcpServers: s.mcpServers,
    allowedTools: s.allowedTools,
    scripts: s.scripts,
    links: s.links,
    files: s.files,
    bytes: s.bytes,
  };
}

export function manageInstallHandlers(
  ctx: HostContext,
  bases: ManageBases,
): Pick<AreaHandlers<'manage'>, InstallChannel> {
  const kept = new KeptSources();
  ctx.closers.push(() => kept.close());
  const progress = (runId: string) => (step: ManageStep) => ctx.emit('manage:progress', { runId, ...step });
  const targetOf = (agents: string[], scope: ManageScope, copy: boolean | undefined) => ({
    agents: agentsOf(agents),
    scope,
    ...(copy ? { copy: true } : {}),
  });
  return {
    'manage:inspect': async ({ source, agents, runId = randomUUID(), project, scope, copy }) => {
      const where = scope ?? (ctx.manageProjects().length ? 'project' : 'user');
      const checked = installProfiles(bases.of(where, project), targetOf(agents, where, copy));
      const cwd = bases.of('user', project).project;
      const parsed = parseSource(source, { cwd, ...gitBaseOption() });
      const { fetched, inspection } = await ctx.trackRun(runId, (signal) =>
        fetchAndInspect(parsed, checked.all, 'app', { signal, onProgress: progress(runId) }),
      );
      const id = randomUUID();
      kept.keep(id, fetched, inspection.skills, checked.all);
      // What installing every skill here would replace, told now rather than at Install.
      const clashes = clashesOf(
        bases.of(where, project),
        fetched,
        inspection.skills,
        targetOf(agents, where, copy),
      );
      const { type, ref } = parsed;
      return {
        id,
        source: {
          type,
          source: parsed.source,
          ...(ref ? { ref } : {}),
          ...(fetched.commit ? { commit: fetched.commit } : {}),
        },
        profiles: checked.all,
        required: checked.required,
        readers: checked.readers.map((a) => a.displayName),
        skills: inspection.skills.map((s) => inspectedView(s, checked.required, clashes)),
        servers: inspection.servers,
        problems: inspection.problems,
      };
    },
    'manage:install': async ({ runId, inspectionId, skills, agents, scope, project, copy, force }) => {
      const base = bases.of(scope, project);
      const results = await ctx.trackRun(runId, (signal) =>
        kept.install(inspectionId, base, skills, {
          ...targetOf(agents, scope, copy),
          ...(force ? { force: true } : {}),
          signal,
          onProgress: progress(runId),
        }),
      );
      ctx.reconfigure(); // new agent folders become roots; the library shows what was installed
      return results;
    },
    'manage:discard': ({ inspectionId }) => ({ discarded: kept.discard(inspectionId) }),
  };
}
