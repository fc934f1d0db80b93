// `history:*`: the recorded runs, searched, pinned and cleared.
import { SkillError } from '../../../shared/errors.js';
import type { HistoryStore } from '../../core/history/history-store.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';

export function historyHandlers(ctx: HostContext): AreaHandlers<'history'> {
  const history = (): HistoryStore => {
    const store = ctx.workspace.history;
    if (!store) throw new SkillError('Disabled', 'This workspace keeps no history.');
    return store;
  };
  const found = <T>(entry: T | undefined, id: string): T => {
    if (!entry) throw new SkillError('NotFound', `No run ${id} in the history.`);
    return entry;
  };
  return {
    'history:list': ({ query, limit }) =>
      history().list({ ...(query ? { query } : {}), ...(limit ? { limit } : {}) }),
    'history:search': ({ query, limit }) => history().list({ query, ...(limit ? { limit } : {}) }),
    'history:get': ({ id }) => found(history().get(id), id),
    'history:pin': ({ id, pinned }) => found(history().pin(id, pinned), id),
    'history:clear': ({ keepPinned }) => {
      history().clear(keepPinned ?? true);
      return { cleared: true as const };
    },
  };
}
