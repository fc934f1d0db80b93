// The workbench shell: the library on the left; on the right the selected skill (overview, editor, runner, preview)
// or the history and settings. Owns navigation, the command palette, global shortcuts and the theme.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  DEFAULT_SETTINGS,
  type DraftView,
  type HistoryEntryView,
  type Settings,
} from '../../shared/host-types.js';
import type { LibraryEntry, RootInfo } from '../../shared/types.js';
import type { HostApi } from '../../shared/ipc.js';
import { shortcutOf } from './commands/commands.js';
import { useCommand, useCommandBus, useCommandSources } from './commands/use-commands.js';
import { BufferStore, isDirty } from './editor/buffers.js';
import { HistoryView } from './history/HistoryView.js';
import { LibraryPanel } from './library/LibraryPanel.js';
import { SkillDetails } from './library/SkillDetails.js';
import { SkillDialogs, type SkillDialog } from './library/SkillDialogs.js';
import { CommandPalette, type PaletteItem } from './palette/CommandPalette.js';
import { SettingsView } from './settings/SettingsView.js';

// Monaco and the panels built on it load on first use, keeping the library screen's bundle lean.
const EditorView = lazy(() => import('./editor/EditorView.js'));
const RunnerView = lazy(() => import('./runner/RunnerView.js'));
const PreviewView = lazy(() => import('./preview/PreviewView.js').then((m) => ({ default: m.PreviewView })));

type Tab = 'overview' | 'edit' | 'run' | 'preview';
type View = { kind: 'skill'; tab: Tab } | { kind: 'history' } | { kind: 'settings' };
const TABS: Array<[Tab, string]> = [
  ['overview', 'Overview'],
  ['edit', 'Edit'],
  ['run', 'Run'],
  ['preview', 'Preview'],
];

function useSystemDark(): boolean {
  const query = useMemo(() => window.matchMedia('(prefers-color-scheme: dark)'), []);
  return useSyncExternalStore(
    (cb) => {
      query.addEventListener('change', cb);
      return () => query.removeEventListener('change', cb);
    },
    () => query.matches,
  );
}

const folderOf = (path: string) => path.replace(/[^\\/]+$/, '');

export function App({ host }: { host: HostApi }) {
  const bus = useCommandBus();
  useCommandSources(bus, host);
  const store = useMemo(() => new BufferStore(host), [host]);
  useSyncExternalStore(store.subscribe, store.snapshot);
  const [entries, setEntries] = useState<LibraryEntry[]>([]);
  const [roots, setRoots] = useState<RootInfo[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [selected, setSelected] = useState<string>();
  const [view, setView] = useState<View>({ kind: 'skill', tab: 'overview' });
  const [problem, setProblem] = useState<string>();
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  const [palette, setPalette] = useState(false);
  const [dialog, setDialog] = useState<SkillDialog>();
  const [drafts, setDrafts] = useState<DraftView[]>([]);
  const systemDark = useSystemDark();
  const theme = settings.theme === 'system' ? (systemDark ? 'dark' : 'light') : settings.theme;

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const load = useCallback(async () => {
    const [list, rootList] = await Promise.all([
      host.invoke('skills:list', {}),
      host.invoke('roots:list', {}),
    ]);
    if (list.ok) {
      setEntries(list.value.entries);
      setProblem(undefined);
    } else setProblem(`Could not load the library: ${list.error.message}`);
    if (rootList.ok) setRoots(rootList.value);
    setLoaded(true);
  }, [host]);

  useEffect(() => {
    void load();
    void host.invoke('settings:get', {}).then((r) => r.ok && setSettings(r.value));
    void store.pendingDrafts().then(setDrafts);
    return host.on('skills:changed', () => {
      void load();
      void store.refreshAll();
    });
  }, [host, load, store]);

  // A dirty buffer guards the window: the browser (or Electron) asks before it closes.
  useEffect(() => {
    const guard = (e: BeforeUnloadEvent) => {
      if (store.dirty().length) e.preventDefault();
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [store]);

  const entry = entries.find((e) => e.id === selected && e.status !== 'excluded');
  const open = useCallback((id: string, tab: Tab = 'overview') => {
    setSelected(id);
    setView({ kind: 'skill', tab });
  }, []);

  const saveAll = useCallback(() => {
    for (const b of store.dirty()) void store.save(b.path);
  }, [store]);

  useCommand('palette', () => setPalette((p) => !p));
  useCommand('new-skill', () => setDialog({ kind: 'create' }));
  useCommand('history', () => setView({ kind: 'history' }));
  useCommand('settings', () => setView({ kind: 'settings' }));
  useCommand('save-all', saveAll);
  // Outside the editor (which saves its active file), Ctrl/Cmd+S and the menu's Save save everything.
  useCommand('save', saveAll, { fallback: true });

  const paletteItems = useMemo<PaletteItem[]>(() => {
    const list: PaletteItem[] = [
      {
        id: 'theme',
        label: `Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`,
        run: () =>
          void host
            .invoke('settings:set', { settings: { theme: theme === 'dark' ? 'light' : 'dark' } })
            .then((r) => r.ok && setSettings(r.value)),
      },
    ];
    if (entry) {
      for (const [tab, label] of TABS)
        list.push({
          id: `tab-${tab}`,
          label: `${label}: ${entry.skill?.name ?? entry.id}`,
          hint: 'tab',
          run: () => open(entry.id, tab),
        });
      list.push(
        {
          id: 'duplicate',
          label: `Duplicate ${entry.skill?.name ?? ''}…`,
          run: () => setDialog({ kind: 'duplicate', entry }),
        },
        {
          id: 'rename',
          label: `Rename ${entry.skill?.name ?? ''}…`,
          run: () => setDialog({ kind: 'rename', entry }),
        },
        {
          id: 'delete',
          label: `Delete ${entry.skill?.name ?? ''}…`,
          run: () => setDialog({ kind: 'delete', entry }),
        },
      );
    }
    for (const e of entries)
      if (e.status !== 'excluded')
        list.push({
          id: `skill-${e.id}`,
          label: e.skill?.name ?? e.id,
          hint: e.id.split('/')[0],
          run: () => open(e.id),
        });
    return list;
  }, [entries, entry, host, open, theme]);

  const onReplay = (h: HistoryEntryView) => {
    if (!entries.some((e) => e.id === h.skillId))
      return setProblem(`The skill ${h.skillId} of that run is no longer loaded.`);
    bus.dispatch('replay-run', { skillId: h.skillId, tool: h.tool, args: h.args });
    open(h.skillId, 'run');
  };

  const skillFolder = entry ? folderOf(entry.path) : '';
  const dirtyInSkill = entry ? store.dirty(skillFolder).length : 0;
  const manifestBuffer = entry ? store.get(entry.path) : undefined;
  const remainingDrafts = drafts.filter((d) => !store.get(d.path));
  const openDraft = (d: DraftView) => {
    const owner = entries.find((e) => d.path.startsWith(folderOf(e.path)));
    if (owner) open(owner.id, 'edit');
  };

  return (
    <div className="app">
      <LibraryPanel
        entries={entries}
        selected={selected}
        onSelect={(id) => open(id, view.kind === 'skill' ? view.tab : 'overview')}
        loaded={loaded}
        onNewSkill={() => setDialog({ kind: 'create' })}
      />
      <main>
        <nav className="topbar" aria-label="Workbench">
          <button
            className={view.kind === 'skill' ? 'active' : ''}
            onClick={() => setView({ kind: 'skill', tab: view.kind === 'skill' ? view.tab : 'overview' })}
          >
            Skill
          </button>
          <button
            className={view.kind === 'history' ? 'active' : ''}
            onClick={() => setView({ kind: 'history' })}
          >
            History
          </button>
          <button
            className={view.kind === 'settings' ? 'active' : ''}
            onClick={() => setView({ kind: 'settings' })}
          >
            Settings
          </button>
          <span className="spacer" />
          {store.dirty().length ? <span className="dirty-label">{store.dirty().length} unsaved</span> : null}
          <button
            className="palette-button"
            onClick={() => setPalette(true)}
            title={`Command palette (${shortcutOf('palette')})`}
          >
            Go to… <kbd>Ctrl/Cmd K</kbd>
          </button>
        </nav>
        {problem ? (
          <p className="problem" role="alert">
            {problem} <button onClick={() => void load()}>Try again</button>
          </p>
        ) : null}
        {remainingDrafts.length ? (
          <div className="banner" role="status">
            Unsaved changes from an earlier session:{' '}
            {remainingDrafts.map((d) => (
              <button key={d.path} className="link" onClick={() => openDraft(d)}>
                {d.path.split(/[\\/]/).slice(-2).join('/')}
              </button>
            ))}
          </div>
        ) : null}
        {view.kind === 'history' ? (
          <HistoryView host={host} onReplay={onReplay} />
        ) : view.kind === 'settings' ? (
          <SettingsView host={host} settings={settings} onSaved={setSettings} />
        ) : !entry ? (
          <p className="empty">
            {loaded ? 'Select a skill, or press Ctrl/Cmd+K to find one.' : 'Loading the library…'}
          </p>
        ) : (
          <div className="skill-view">
            <header className="skill-head">
              <h2>{entry.skill?.name ?? entry.id}</h2>
              <div className="tabs" role="tablist" aria-label="Skill views">
                {TABS.map(([tab, label]) => (
                  <button
                    key={tab}
                    role="tab"
                    aria-selected={view.tab === tab}
                    onClick={() => open(entry.id, tab)}
                  >
                    {label}
                    {tab === 'edit' && dirtyInSkill ? ' ●' : ''}
                  </button>
                ))}
              </div>
              <span className="spacer" />
              <button onClick={() => setDialog({ kind: 'duplicate', entry })}>Duplicate</button>
              <button
                onClick={() => setDialog({ kind: 'rename', entry })}
                disabled={entry.id.startsWith('bundled/')}
              >
                Rename
              </button>
              <button
                onClick={() => setDialog({ kind: 'delete', entry })}
                disabled={entry.id.startsWith('bundled/')}
              >
                Delete
              </button>
            </header>
            <div className="skill-body">
              <Suspense
                fallback={
                  <p className="empty" role="status">
                    Loading the editor…
                  </p>
                }
              >
                {view.tab === 'overview' ? (
                  <SkillDetails entry={entry} />
                ) : view.tab === 'edit' ? (
                  <EditorView
                    key={entry.id}
                    host={host}
                    entry={entry}
                    store={store}
                    theme={theme}
                    onRenameFix={(name) => setDialog({ kind: 'rename', entry, name })}
                  />
                ) : view.tab === 'run' ? (
                  <RunnerView key={entry.id} host={host} entry={entry} theme={theme} />
                ) : (
                  <PreviewView
                    entry={entry}
                    unsavedText={manifestBuffer && isDirty(manifestBuffer) ? manifestBuffer.text : undefined}
                  />
                )}
              </Suspense>
            </div>
          </div>
        )}
      </main>
      {palette ? <CommandPalette items={paletteItems} onClose={() => setPalette(false)} /> : null}
      {dialog ? (
        <SkillDialogs
          host={host}
          dialog={dialog}
          roots={roots}
          dirtyFiles={dialog.kind === 'create' ? 0 : store.dirty(folderOf(dialog.entry.path)).length}
          onClose={() => setDialog(undefined)}
          onDone={(r) => {
            if (dialog.kind === 'rename' || dialog.kind === 'delete')
              store.forget(folderOf(dialog.entry.path));
            setDialog(undefined);
            void load().then(() => {
              if (r.kind === 'delete') setSelected(undefined);
              else if (r.id) open(r.id, r.kind === 'create' ? 'edit' : 'overview');
            });
          }}
        />
      ) : null}
    </div>
  );
}
