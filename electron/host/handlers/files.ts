// The files of a skill (`skills:list-files`, `skills:read-file`, `skills:save-file`, `skills:create-file`): read
// and written only inside the roots, saved atomically with conflict detection, and each save re-reads just the skill
// it belongs to.
import { createSkillFile } from '../../core/editor/new-file.js';
import { readFileSnapshot, saveFileAtomically } from '../../core/editor/save-file.js';
import { confine } from '../../core/fs/confine.js';
import { walkFolder } from '../../core/fs/walk.js';
import type { HostContext } from '../context.js';
import type { Handlers } from '../server.js';

const LIST_FILES_CAP = 2000;

export function fileHandlers(
  ctx: HostContext,
): Pick<Handlers, 'skills:list-files' | 'skills:read-file' | 'skills:save-file' | 'skills:create-file'> {
  return {
    'skills:list-files': ({ id }) => {
      const folder = ctx.folderOf(id);
      const out: string[] = [];
      for (const entry of walkFolder(folder, { sorted: true })) {
        if (out.length >= LIST_FILES_CAP) break;
        if (!entry.skipped) out.push(entry.path + (entry.kind === 'folder' ? '/' : ''));
      }
      return out;
    },
    'skills:read-file': ({ path }) => {
      const real = confine(path, ctx.rootPaths());
      return { path: real, ...readFileSnapshot(real) };
    },
    'skills:save-file': ({ path, text, expectedHash, bom }) => {
      const real = ctx.writable(path);
      const saved = saveFileAtomically(real, text, { expectedHash, ...(bom !== undefined ? { bom } : {}) });
      ctx.watcher?.rememberWrite(real, saved.hash);
      ctx.drafts.discard(real);
      ctx.changed([real]);
      return { path: real, ...saved };
    },
    'skills:create-file': ({ id, path, kind }) => {
      const entry = ctx.entry(id);
      const created = createSkillFile(ctx.writable(ctx.folderOf(id)), path, kind, entry.skill?.name ?? id);
      ctx.changed([created.path]);
      return created;
    },
  };
}
