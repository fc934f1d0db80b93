// Where the workbench is: a skill on one of its tabs, the MCP servers, the history, the settings, or Add skills.
import { useCallback, useState } from 'react';

export type Tab = 'overview' | 'edit' | 'run' | 'preview' | 'evals';
export type View =
  | { kind: 'skill'; tab: Tab }
  | { kind: 'servers' }
  | { kind: 'history' }
  | { kind: 'settings' }
  | { kind: 'add-skills' };

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
  /** The tab the skill view is on (or would return to). */
  const tab: Tab = view.kind === 'skill' ? view.tab : 'overview';
  return { selected, setSelected, view, setView, open, tab };
}
