// `roots:*` and `skills:*` (but files): the library as the renderer sees it, validation of unsaved text through
// the workspace (the very rules and context of the library), and creating, copying, renaming and deleting skills.
import { join, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { createSkill, deleteSkill, duplicateSkill, renameSkill } from '../../core/editor/skill-ops.js';
import { confine, isWithin } from '../../core/fs/confine.js';
import { checkFolder } from '../../core/fs/folder-check.js';
import { syncAgentsMd } from '../../core/skills/agents-md.js';
import { folderIdentity } from '../../core/settings/trust.js';
import { entryView, type HostContext } from '../context.js';
import type { AreaHandlers, Handlers } from '../server.js';

type FileChannels = 'skills:list-files' | 'skills:read-file' | 'skills:save-file' | 'skills:create-file';
type SkillHandlers = Omit<AreaHandlers<'skills'>, FileChannels>;

export function rootHandlers(ctx: HostContext): AreaHandlers<'roots'> {
  return {
    'roots:list': () => ctx.roots,
    'roots:add': ({ path }) => {
      const { path: abs, problem } = checkFolder(path);
      if (problem) throw new SkillError('NotFound', problem);
      if (ctx.settings.get().roots.includes(abs)) return ctx.roots;
      // Read-modify-write under the settings lock: a root added by another process meanwhile is kept. The root stays
      // in the settings only if it loads, so a folder that cannot be read is never a root every later start trips on.
      ctx.settings.update(({ roots }) => (roots.includes(abs) ? {} : { roots: [...roots, abs] }));
      let failure: string | undefined;
      try {
        ctx.reconfigure();
        failure = ctx.workspace.diagnostics.find((d) => d.code === 'root-missing' && d.file === abs)?.message;
      } catch (error) {
        failure = (error as Error).message;
      }
      if (failure !== undefined) {
        ctx.settings.update(({ roots }) => ({ roots: roots.filter((r) => r !== abs) }));
        ctx.reconfigure();
        throw new SkillError('Io', `${abs} was not added as a root: ${failure}`);
      }
      return ctx.roots;
    },
    'roots:remove': ({ id }) => {
      const root = ctx.root(id);
      if (!root) throw new SkillError('NotFound', `No root with id "${id}".`);
      if (root.kind !== 'user')
        throw new SkillError(
          'PermissionDenied',
          `Root "${id}" comes from the ${root.kind === 'bundled' ? 'app' : 'command line'} and cannot be removed here.`,
        );
      ctx.settings.update(({ roots }) => ({ roots: roots.filter((r) => resolve(r) !== root.path) }));
      ctx.reconfigure();
      return ctx.roots;
    },
    'roots:trust': ({ id, trusted }) => {
      const root = ctx.root(id);
      if (!root) throw new SkillError('NotFound', `No root with id "${id}".`);
      if (root.kind === 'bundled')
        throw new SkillError(
          'PermissionDenied',
          'The bundled examples are part of the app and always trusted.',
        );
      const folder = folderIdentity(root.path);
      if (!folder) throw new SkillError('NotFound', `${root.path} cannot be read.`);
      // Read-modify-write under the settings lock: another process's trust changes are kept.
      ctx.settings.update(({ trustedFolders }) => {
        const others = trustedFolders.filter((f) => f.path !== folder.path);
        return { trustedFolders: trusted ? [...others, folder] : others };
      });
      ctx.reconfigure();
      return ctx.roots;
    },
    'roots:trust-info': ({ id }) => {
      if (!ctx.root(id)) throw new SkillError('NotFound', `No root with id "${id}".`);
      return ctx.workspace.trustReport(id);
    },
  };
}

export function skillHandlers(ctx: HostContext): SkillHandlers {
  return {
    'skills:list': () => ({
      entries: ctx.workspace.entries.map(entryView),
      diagnostics: ctx.workspace.diagnostics,
    }),
    'skills:get': ({ id }) => ctx.entry(id),
    'skills:validate-text': ({ path, text, profile }) =>
      ctx.workspace.validate(confine(path, ctx.rootPaths()), text, profile),
    'skills:create': ({ rootId, name, description }) => {
      const root = ctx.root(rootId);
      if (!root || root.kind === 'bundled')
        throw new SkillError(
          'PermissionDenied',
          `Skills can be created in your own roots, not in "${rootId}".`,
        );
      const path = createSkill(ctx.writable(root.path), name, description);
      ctx.changed([path]);
      return { path };
    },
    'skills:duplicate': ({ id, name, rootId }) => {
      const source = ctx.folderOf(id);
      const target = ctx.root(rootId ?? ctx.entry(id).rootId);
      if (!target || target.kind === 'bundled')
        throw new SkillError(
          'PermissionDenied',
          rootId
            ? `Skills can be copied into your own roots, not into "${rootId}".`
            : 'The bundled example skills are read-only: choose one of your roots to copy the skill into.',
        );
      const path = duplicateSkill(source, name, ctx.writable(target.path));
      ctx.changed([path]);
      return { path };
    },
    'skills:rename': ({ id, name }) => {
      const folder = ctx.writable(ctx.folderOf(id));
      const path = renameSkill(folder, name);
      ctx.changed([folder, path]);
      return { path };
    },
    'skills:delete': ({ id }) => {
      const folder = ctx.writable(ctx.folderOf(id));
      const trashedTo = deleteSkill(folder) ?? null;
      ctx.changed([folder]);
      return { trashedTo };
    },
    'skills:run-command': ({ id, command }) => ctx.workspace.runSkillCommand(id, command),
    'skills:sync-agents-md': () => {
      const project = ctx.manageProjects()[0];
      if (!project)
        throw new SkillError(
          'NotFound',
          'AGENTS.md belongs to a project: open the app on a project folder (or add one in Settings → Skill roots) first.',
        );
      // Only what an agent working in this project can load with `skillbench read`: the skills of its agents'
      // folders and of the user's, not those of the other projects open in the app.
      const agentRoots = new Set(
        ctx.roots
          .filter((r) => r.readers?.length && (r.kind === 'user' || isWithin(project, r.path)))
          .map((r) => r.id),
      );
      const entries = ctx.workspace.entries.filter((e) => agentRoots.has(e.rootId));
      const file = ctx.writable(join(project, 'AGENTS.md'));
      return syncAgentsMd(file, entries, ctx.roots, ctx.settings.get().profile);
    },
  } satisfies Partial<Handlers>;
}
