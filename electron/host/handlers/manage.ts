// `manage:*` (issue 17): managing skills across agents from the app, through the very core functions the CLI's
// add / update / remove / pack use. A source is fetched once by `manage:inspect` and kept until it is installed,
// discarded or the host closes. Writes go only where the user chose: an agent's folder in the home folder or in one
// of the project folders the app was given (never another path), and packages inside the user's writable roots.
// Fetching and installing are awaited (the host answers other requests meanwhile), tell each step as
// `manage:progress`, and stop on `runs:cancel`; what a run did with a killed install's leftovers is `manage:notice`.
import { randomUUID } from 'node:crypto';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import type { Diagnostic, ValidationProfile } from '../../../shared/types.js';
import type {
  InstalledSkillView,
  InspectedSkillView,
  ManageScope,
  SourceInspectionView,
} from '../../../shared/manage-types.js';
import { agentContext, AGENTS, agentsByIds, installFolder, type Agent } from '../../core/manage/agents.js';
import {
  blockedFor,
  fetchAndInspect,
  inspectAgain,
  pathInSource,
  type InspectedSkill,
} from '../../core/manage/inspect.js';
import {
  installProfiles,
  installSkills,
  planInstall,
  type InstallPlan,
  type ManageBase,
} from '../../core/manage/install.js';
import { packSkill } from '../../core/manage/pack.js';
import { parseSource, type FetchedSource } from '../../core/manage/source.js';
import { updateSkills } from '../../core/manage/update.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { listInstalled } from '../../core/manage/installed.js';
import { removeSkills } from '../../core/manage/remove.js';
import { safeRealpath } from '../../core/fs-confine.js';

/** Fetched sources waiting for their install: a few at most (each may be a clone in a temporary folder). */
const MAX_INSPECTIONS = 8;

interface Inspection {
  fetched: FetchedSource;
  skills: InspectedSkill[];
  /** The profiles its skills were checked with. */
  profiles: ValidationProfile[];
  /** An install from it is running (installs are awaited now: a second click must not start another). */
  installing?: boolean;
}

function gitBase(): string | undefined {
  return process.env.SKILLBENCH_GIT_BASE?.trim() || undefined;
}

function agentsOf(ids: readonly string[]): Agent[] {
  try {
    return agentsByIds(ids);
  } catch (error) {
    throw new SkillError('InvalidArgs', (error as Error).message);
  }
}

function inspectedView(
  s: InspectedSkill,
  required: readonly ValidationProfile[],
  plan: InstallPlan | undefined,
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
    clashes: (plan?.conflicts ?? []).flatMap((c) =>
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

export function manageHandlers(ctx: HostContext): AreaHandlers<'manage'> {
  const inspections = new Map<string, Inspection>();
  const discard = (id: string): boolean => {
    const found = inspections.get(id);
    found?.fetched.dispose();
    return inspections.delete(id);
  };
  ctx.closers.push(() => {
    for (const id of [...inspections.keys()]) discard(id);
  });

  /**
   * The project folder of a request: one the app was given (command line or settings), the first by default. The
   * user scope needs none; the app's data folder stands in so nothing relative to the working directory is touched.
   */
  const baseOf = (scope: ManageScope, project: string | undefined): ManageBase => {
    const projects = ctx.manageProjects();
    if (project !== undefined && !projects.includes(resolve(project)))
      throw new SkillError(
        'PermissionDenied',
        `${project} is not one of the project folders Skillbench was opened with (${projects.join(', ') || 'none'}); add it as a root in Settings first.`,
      );
    const chosen = project !== undefined ? resolve(project) : projects[0];
    if (!chosen && scope === 'project')
      throw new SkillError(
        'NotFound',
        'No project folder is open: start Skillbench with a folder (skillbench serve FOLDER), add a root in Settings, or install for the user instead.',
      );
    return {
      project: chosen ?? ctx.options.userDataDir,
      ctx: agentContext(),
      note: (message) => ctx.emit('manage:notice', { message }),
    };
  };

  /** Installed skills of the scopes that apply, each with the library entries that are it: the project scope of the
   *  project asked for, or of every project the app was given when none is named, and the user scope once. */
  const installed = (project: string | undefined): InstalledSkillView[] => {
    const projects = project !== undefined ? [project] : ctx.manageProjects();
    const found = [
      ...projects.flatMap((p) => listInstalled(baseOf('project', p), ['project'])),
      ...listInstalled(baseOf('user', project), ['user']),
    ];
    const byFolder = new Map<string, string[]>();
    for (const e of ctx.workspace.entries) {
      if (e.status === 'excluded') continue;
      const folder = safeRealpath(dirname(e.path));
      if (folder) byFolder.set(folder, [...(byFolder.get(folder) ?? []), e.id]);
    }
    return found.map((i) => {
      const folders = new Set([i.folder, ...i.paths.map((p) => safeRealpath(p.path) ?? p.path)]);
      return {
        name: i.name,
        scope: i.scope,
        agents: i.agents,
        paths: i.paths,
        folder: i.folder,
        source: i.lock?.source ?? null,
        state: i.state,
        ...(i.modifiedPaths ? { modifiedPaths: i.modifiedPaths } : {}),
        entryIds: [...new Set([...folders].flatMap((f) => byFolder.get(f) ?? []))],
      };
    });
  };

  return {
    'manage:agents': ({ project }) => {
      const projects = ctx.manageProjects();
      const base = baseOf('user', project);
      return {
        projects,
        agents: AGENTS.map((a) => ({
          id: a.id,
          displayName: a.displayName,
          projectFolder: projects[0] ? installFolder(a, 'project', base) : a.projectDir,
          userFolder: a.userDir ? installFolder(a, 'user', base) : null,
          followsSymlinks: a.followsSymlinks,
          profile: a.profile,
        })),
      };
    },
    'manage:inspect': async ({ source, agents, runId = randomUUID(), project, scope, copy }) => {
      const where = scope ?? (ctx.manageProjects().length ? 'project' : 'user');
      const checked = installProfiles(baseOf(where, project), {
        agents: agentsOf(agents),
        scope: where,
        ...(copy ? { copy: true } : {}),
      });
      const profiles = checked.all;
      const cwd = baseOf('user', project).project;
      const parsed = parseSource(source, { cwd, ...(gitBase() ? { gitBase: gitBase() } : {}) });
      const { fetched, inspection } = await ctx.trackRun(runId, (signal) =>
        fetchAndInspect(parsed, profiles, {
          signal,
          onProgress: (step) => ctx.emit('manage:progress', { runId, ...step }),
        }),
      );
      const id = randomUUID();
      inspections.set(id, { fetched, skills: inspection.skills, profiles });
      // What installing every skill here would replace, told now rather than at Install (none when the plan cannot
      // be made, e.g. two skills of one name: installing says why).
      let plan: InstallPlan | undefined;
      try {
        plan = planInstall(baseOf(where, project), fetched, inspection.skills, {
          agents: agentsOf(agents),
          scope: where,
          ...(copy ? { copy: true } : {}),
        });
      } catch {
        plan = undefined;
      }
      for (const old of [...inspections.keys()].slice(0, -MAX_INSPECTIONS)) discard(old);
      const view: SourceInspectionView = {
        id,
        source: {
          type: parsed.type,
          source: parsed.source,
          ...(parsed.ref ? { ref: parsed.ref } : {}),
          ...(fetched.commit ? { commit: fetched.commit } : {}),
        },
        profiles,
        required: checked.required,
        readers: checked.readers.map((a) => a.displayName),
        skills: inspection.skills.map((s) => inspectedView(s, checked.required, plan)),
        servers: inspection.servers,
        problems: inspection.problems,
      };
      return view;
    },
    'manage:install': async ({ runId, inspectionId, skills, agents, scope, project, copy, force }) => {
      const inspection = inspections.get(inspectionId);
      if (!inspection)
        throw new SkillError(
          'NotFound',
          'That source is no longer open (it was installed, discarded, or the app restarted): look at it again.',
        );
      // Checked with the profiles of the agents this install is for, whatever the look inside was made for: agents
      // ticked since are checked now, on the source already fetched (installSkills refuses a skill not checked).
      const base = baseOf(scope, project);
      const needed = installProfiles(base, {
        agents: agentsOf(agents),
        scope,
        ...(copy ? { copy: true } : {}),
      });
      if (needed.all.some((p) => !inspection.profiles.includes(p))) {
        inspection.profiles = [...new Set([...inspection.profiles, ...needed.all])];
        inspection.skills = inspectAgain(inspection.fetched, inspection.profiles, inspection.skills);
      }
      const chosen = skills.map((name) => {
        const skill = inspection.skills.find((s) => s.name === name);
        if (!skill)
          throw new SkillError(
            'NotFound',
            `The source holds no skill "${name}". It holds: ${inspection.skills.map((s) => s.name).join(', ')}.`,
          );
        return skill;
      });
      if (inspection.installing)
        throw new SkillError('Conflict', 'Skills from this source are being installed already; wait for it.');
      inspection.installing = true;
      let results;
      try {
        results = await ctx.trackRun(runId, (signal) =>
          installSkills(base, inspection.fetched, chosen, {
            agents: agentsOf(agents),
            scope,
            ...(copy ? { copy: true } : {}),
            ...(force ? { force: true } : {}),
            signal,
            onProgress: (step) => ctx.emit('manage:progress', { runId, ...step }),
          }),
        );
      } finally {
        inspection.installing = false;
      }
      discard(inspectionId);
      ctx.reconfigure(); // new agent folders become roots; the library shows what was installed
      return results;
    },
    'manage:discard': ({ inspectionId }) => ({ discarded: discard(inspectionId) }),
    'manage:installed': ({ project }) => installed(project),
    'manage:check-updates': ({ scope, names, project, runId = randomUUID() }) =>
      ctx.trackRun(runId, (signal) =>
        updateSkills(baseOf(scope, project), {
          scope,
          ...(names?.length ? { names } : {}),
          apply: false,
          signal,
          ...(gitBase() ? { gitBase: gitBase() } : {}),
        }),
      ),
    'manage:update': async ({ scope, names, project, force, expected, runId = randomUUID() }) => {
      try {
        return await ctx.trackRun(runId, (signal) =>
          updateSkills(baseOf(scope, project), {
            scope,
            ...(names?.length ? { names } : {}),
            apply: true,
            signal,
            ...(force ? { force: true } : {}),
            ...(expected ? { expected } : {}),
            ...(gitBase() ? { gitBase: gitBase() } : {}),
          }),
        );
      } finally {
        ctx.reconfigure(); // what was updated before a cancel is in place
      }
    },
    'manage:remove': ({ scope, names, agents, project }) => {
      const results = removeSkills(baseOf(scope, project), names, {
        scope,
        ...(agents ? { agents: agentsOf(agents) } : {}),
      });
      ctx.reconfigure();
      return results;
    },
    'manage:pack': ({ id, file, force }) => {
      const folder = ctx.folderOf(id);
      const out = resolve(file);
      if (!['.zip', '.skill'].includes(extname(out).toLowerCase()))
        throw new SkillError(
          'InvalidArgs',
          `${file}: a package is a .zip or .skill file; end the name with one.`,
        );
      // Only inside the roots the user may change (never the bundled examples, never elsewhere on disk).
      const target = join(ctx.writable(dirname(out)), basename(out));
      return packSkill(folder, target, { cwd: dirname(target), ...(force ? { force: true } : {}) });
    },
  };
}
