// `manage:*` through the core functions the CLI's add / update / remove / pack use. Writes go only to agents'
// folders in the home folder or the project folders the app was given, and packages inside writable roots.
import { randomUUID } from 'node:crypto';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import type { ManageScope } from '../../../shared/manage-types.js';
import { gitBaseOption } from '../../core/app-data.js';
import { agentFolders, agentsOf, installedWithEntries, manageBase } from '../../core/manage/app-manage.js';
import { packSkill } from '../../core/manage/pack.js';
import { removeSkills } from '../../core/manage/remove.js';
import { updateSkills } from '../../core/manage/update.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { manageInstallHandlers, type ManageBases } from './manage-install.js';

export function manageHandlers(ctx: HostContext): AreaHandlers<'manage'> {
  const bases: ManageBases = {
    of: (scope, project) =>
      manageBase(ctx.manageProjects(), scope, project, ctx.options.userDataDir, (message) =>
        ctx.emit('manage:notice', { message }),
      ),
  };
  const updates = (o: {
    scope: ManageScope;
    names?: string[] | undefined;
    project?: string | undefined;
  }) => ({
    scope: o.scope,
    ...(o.names?.length ? { names: o.names } : {}),
    ...gitBaseOption(),
  });
  return {
    'manage:agents': ({ project }) => {
      const projects = ctx.manageProjects();
      return { projects, agents: agentFolders(projects.length > 0, bases.of('user', project)) };
    },
    'manage:installed': ({ project }) => {
      const projects = project !== undefined ? [project] : ctx.manageProjects();
      const projectBases = projects.map((p) => bases.of('project', p));
      return installedWithEntries(projectBases, bases.of('user', project), ctx.workspace.entries);
    },
    'manage:check-updates': ({ runId = randomUUID(), ...o }) =>
      ctx.trackRun(runId, (signal) =>
        updateSkills(bases.of(o.scope, o.project), { ...updates(o), apply: false, signal }),
      ),
    'manage:update': async ({ force, expected, runId = randomUUID(), ...o }) => {
      try {
        return await ctx.trackRun(runId, (signal) =>
          updateSkills(bases.of(o.scope, o.project), {
            ...updates(o),
            apply: true,
            signal,
            ...(force ? { force: true } : {}),
            ...(expected ? { expected } : {}),
          }),
        );
      } finally {
        ctx.reconfigure(); // what was updated before a cancel is in place
      }
    },
    'manage:remove': ({ scope, names, agents, project }) => {
      const results = removeSkills(bases.of(scope, project), names, {
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
      return packSkill(folder, target, {
        cwd: dirname(target),
        audience: 'app',
        ...(force ? { force: true } : {}),
      });
    },
    ...manageInstallHandlers(ctx, bases),
  };
}
