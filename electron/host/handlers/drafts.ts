// `drafts:*`: unsaved buffers kept by the host so they survive a crash or a closed window.
import { confine } from '../../core/fs/confine.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';

export function draftHandlers(ctx: HostContext): AreaHandlers<'drafts'> {
  return {
    'drafts:list': () => ctx.drafts.list(),
    'drafts:put': ({ path, text, baseHash }) =>
      ctx.drafts.put(confine(path, ctx.rootPaths()), text, baseHash),
    'drafts:discard': ({ path }) => {
      ctx.drafts.discard(path);
      return { discarded: true as const };
    },
  };
}
