// Where the workbench is: a skill on one of its tabs, the MCP servers, the history, the settings, or Add skills.
import { useCallback, useState } from 'react';
import type { ViewId } from '../../../shared/views.js';

export type Tab = 'overview' | 'edit' | 'run' | 'preview' | 'evals';
/** A view of the table (shared/views.ts), or the Add skills panel (opened by its buttons, kept once visited). */
export type View = { kind: 'skill'; tab: Tab } | { kind: Exclude<ViewId, 'skill'> } | { kind: 'add-skills' };

export const TABS: ReadonlyArray<readonly [Tab, string]> = [
  ['overview', 'Overview'],
  ['edit', 'Edit'],
  ['run', 'Run'],
  ['preview', 'Preview'],
  ['evals', 'Evals'],
];

export function useNavigation() {
  const [selected, setSelected] = useState<string>();
  const [view, setView] = useState<View>({ kind: 'skill', tab: 'overview' });
  /** Shows a skill on a tab. */
  const open = useCallback((id: string, tab: Tab = 'overview') => {
    setSelected(id);
    setView({ kind: 'skill', tab });
  }, []);
  /** Shows a view of the table: the skill view on the tab it is on, else on its overview. */
  const show = useCallback(
    (id: ViewId) =>
      setView((v) =>
        id === 'skill' ? { kind: 'skill', tab: v.kind === 'skill' ? v.tab : 'overview' } : { kind: id },
      ),
    [],
  );
  /** The tab the skill view is on (or would return to). */
  const tab: Tab = view.kind === 'skill' ? view.tab : 'overview';
  return { selected, setSelected, view, setView, show, open, tab };
}
