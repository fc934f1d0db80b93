// The workbench shell: the library on the left; on the right the selected skill (overview, editor, runner, preview)
// or the history and settings. It wires features together: their state lives in hooks (useLibrary, useBuffers,
// useSettings, useNavigation), their shortcuts and menu items in the command bus.
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { DraftView, HistoryEntryView } from '../../shared/host-types.js';
import type { HostApi } from '../../shared/ipc.js';
import { useCommand, useCommandBus, useCommandSources, useViewCommands } from './commands/use-commands.js';
import { useBuffers } from './editor/use-buffers.js';
import { entryInFolder, folderOf } from './library/entries.js';
import { LibraryPanel } from './library/LibraryPanel.js';
import { SkillDialogs, type SkillDialog } from './library/SkillDialogs.js';
import { useLibrary } from './library/use-library.js';
import type { AddPrefill } from './manage/AddSkillsPanel.js';
import { installBadgeItems } from './manage/InstallBadges.js';
import { AgentsMdSync } from './library/AgentsMdSync.js';
import type { ManageRequest } from './manage/ManageActions.js';
import { defaultProject } from './manage/manage-model.js';
import { UpdatesCheck } from './manage/UpdatesCheck.js';
import { ManageNotices } from './manage/ManageNotices.js';
import { useManage } from './manage/use-manage.js';
import { CommandPalette } from './palette/CommandPalette.js';
import { usePaletteFocus } from './palette/use-palette-focus.js';
import { useClientRequests } from './servers/use-client-requests.js';
import { useSettings } from './settings/use-settings.js';
import { DataNotices } from './shell/DataNotices.js';
import { SignInNotices } from './shell/SignInNotices.js';
import { useNavigation, type View } from './shell/navigation.js';
import { paletteItems } from './shell/palette-items.js';
import { carryOut, useDropToOpen, useOpenRequests } from './shell/open-requests.js';
import { TopBar } from './shell/TopBar.js';
import { LIBRARY_DOCK_MIN, usePane, useWindowAtLeast } from './shell/panes.js';
import { PaneToggle, SidePane } from './shell/SidePane.js';
import { loading, VIEW_TABLE, type Workbench } from './shell/view-table.js';
import { ErrorBoundary } from './ui/ErrorBoundary.js';
import type { OpenRequest } from '../../shared/open-request.js';

// Panels a first paint does not need load on first use (the initial chunk's budget, checked by
// test/integration/renderer-initial-js.test.ts); the views' own are in the view table.
const AddSkillsPanel = lazy(() =>
  import('./manage/AddSkillsPanel.js').then((m) => ({ default: m.AddSkillsPanel })),
);
const ClientRequests = lazy(() =>
  import('./servers/ClientRequests.js').then((m) => ({ default: m.ClientRequests })),
);

/** How a failed view is named to the user. */
function viewName(view: View, skill: string | undefined): string {
  if (view.kind !== 'skill') return `The ${view.kind} view`;
  return skill ? `The ${view.tab} tab of ${skill}` : 'This view';
}

export function App({ host }: { host: HostApi }) {
  const bus = useCommandBus();
  useCommandSources(bus, host);
  const library = useLibrary(host);
  const { store: buffers, waitingDrafts } = useBuffers(host, library.store);
  const { settings, theme, save: saveSettings, setSettings } = useSettings(host);
  const { selected, setSelected, view, setView, show, open, tab } = useNavigation();
  const [palette, setPalette] = useState(false);
  const libraryPane = usePane('library', useWindowAtLeast(LIBRARY_DOCK_MIN));
  const [dialog, setDialog] = useState<SkillDialog>();
  const [problem, setProblem] = useState<string>();
  const entry = library.entries.find((e) => e.id === selected && e.status !== 'excluded');
  const serverRequests = useClientRequests(host);
  const manage = useManage(host);
  const [addPrefill, setAddPrefill] = useState<AddPrefill>();
  const [manageRequest, setManageRequest] = useState<ManageRequest>();
  // The Add skills panel mounts on its first visit and then stays (hidden), so what was typed in it survives.
  const [addSkillsVisited, setAddSkillsVisited] = useState(false);
  if (view.kind === 'add-skills' && !addSkillsVisited) setAddSkillsVisited(true);
  /** The Add skills panel, empty or (Install to agents) looking at a skill folder. */
  const addSkills = useCallback(
    (folder?: string) => {
      if (folder) setAddPrefill({ source: folder, nonce: Date.now() });
      setView({ kind: 'add-skills' });
    },
    [setView],
  );
  const clearManageRequest = useCallback(() => setManageRequest(undefined), []);
  // What the OS or a drop asks to open: a folder joins the library, a .skill file or a link opens Add skills.
  const openRequest = useCallback(
    (request: OpenRequest) =>
      void carryOut(request, {
        host,
        store: library.store,
        showSkill: (id) => open(id, 'overview'),
        addSkills,
        problem: setProblem,
      }),
    [host, library.store, open, addSkills],
  );
  useOpenRequests(host, openRequest);
  useDropToOpen(openRequest);
  /** Delete of a skill installed from a source is its Remove (links, every copy, the lock entry), never a bare delete
   *  of one folder that would leave dangling links and a lock entry behind. */
  const skillDialog = useCallback(
    (d: SkillDialog) => {
      if (d.kind === 'delete' && (manage.byEntry.get(d.entry.id) ?? []).some((i) => i.source)) {
        open(d.entry.id, tab);
        setManageRequest({ action: 'remove', nonce: Date.now() });
      } else setDialog(d);
    },
    [manage.byEntry, open, tab],
  );
  const installs = entry ? (manage.byEntry.get(entry.id) ?? []) : [];
  const addProject = defaultProject(entry?.path, manage.projects);
  const anyInstalled = installs.length > 0;
  const lockedInstalled = installs.some((i) => i.source);
  const viewKey = `${view.kind}:${view.kind === 'skill' ? view.tab : ''}:${entry?.id ?? ''}`;
  const mainRef = useRef<HTMLElement>(null);
  usePaletteFocus(palette, viewKey, mainRef);

  const saveAll = () => {
    for (const b of buffers.dirty()) void buffers.save(b.path);
  };
  useCommand('palette', () => setPalette((p) => !p));
  useCommand('new-skill', () => setDialog({ kind: 'create' }));
  useViewCommands(show);
  useCommand('save-all', saveAll);
  // Outside the editor (which saves its active file), Ctrl/Cmd+S and the menu's Save save everything.
  useCommand('save', saveAll, { fallback: true });

  const items = useMemo(
    () =>
      paletteItems({
        entries: library.entries,
        entry,
        theme,
        setTheme: (t) => void saveSettings({ theme: t }),
        open,
        dialog: skillDialog,
        addSkills,
        manage: (action) => {
          if (entry) open(entry.id, tab);
          setManageRequest({ action, nonce: Date.now() });
        },
        installed: { any: anyInstalled, locked: lockedInstalled },
      }),
    [
      library.entries,
      entry,
      theme,
      saveSettings,
      open,
      skillDialog,
      addSkills,
      tab,
      anyInstalled,
      lockedInstalled,
    ],
  );

  const replay = (h: HistoryEntryView) => {
    if (!library.entries.some((e) => e.id === h.skillId))
      return setProblem(`The skill ${h.skillId} of that run is no longer loaded.`);
    bus.dispatch('replay-run', { skillId: h.skillId, tool: h.tool, args: h.args });
    open(h.skillId, 'run');
  };
  const openDraft = (d: DraftView) => {
    const owner = library.entries.find((e) => d.path.startsWith(folderOf(e.path)));
    if (owner) open(owner.id, 'edit');
  };
  const shownProblem = library.problem ?? problem;
  const workbench: Workbench = {
    host,
    library,
    entry,
    tab,
    open,
    show,
    buffers,
    theme,
    settings,
    setSettings,
    manage,
    manageRequest,
    clearManageRequest,
    skillDialog,
    addSkills,
    replay,
  };

  return (
    <div className={`app${libraryPane.docked && libraryPane.shown ? '' : ' library-aside'}`}>
      <SidePane pane={libraryPane} id="library-pane" className="library-pane">
        <ErrorBoundary name="The library">
          <LibraryPanel
            entries={library.entries}
            selected={selected}
            onSelect={(id) => {
              open(id, tab);
              libraryPane.dismiss();
            }}
            loaded={library.loaded}
            problems={library.diagnostics}
            onNewSkill={() => {
              libraryPane.dismiss();
              setDialog({ kind: 'create' });
            }}
            onAddSkills={() => {
              libraryPane.dismiss();
              addSkills();
            }}
            status={
              <>
                <UpdatesCheck manage={manage} store={manage.store} />
                <AgentsMdSync host={host} entries={library.entries} />
              </>
            }
            rowBadges={(e) =>
              installBadgeItems(manage.byEntry.get(e.id), manage.agents, manage.updates, true)
            }
          />
        </ErrorBoundary>
      </SidePane>
      <main ref={mainRef} tabIndex={-1}>
        <div className="shell-bar">
          <PaneToggle pane={libraryPane} controls="library-pane" label="Library" />
          <TopBar
            view={view}
            onShow={show}
            unsaved={buffers.dirty().length}
            onPalette={() => setPalette(true)}
          />
        </div>
        <DataNotices host={host} />
        <ManageNotices notices={manage.notices} onDismiss={() => manage.store.dismissNotices()} />
        <SignInNotices host={host} />
        {serverRequests.length ? (
          <Suspense fallback={null}>
            <ClientRequests host={host} requests={serverRequests} />
          </Suspense>
        ) : null}
        {shownProblem ? (
          <p className="problem" role="alert">
            {shownProblem}{' '}
            <button
              onClick={() => {
                setProblem(undefined);
                void library.store.reload();
              }}
            >
              Try again
            </button>
          </p>
        ) : null}
        {waitingDrafts.length ? (
          <div className="banner" role="status">
            Unsaved changes from an earlier session:{' '}
            {waitingDrafts.map((d) => (
              <button key={d.path} className="link" onClick={() => openDraft(d)}>
                {d.path.split(/[\\/]/).slice(-2).join('/')}
              </button>
            ))}
          </div>
        ) : null}
        {addSkillsVisited ? (
          <div hidden={view.kind !== 'add-skills'} className="add-skills-host">
            <ErrorBoundary name="Add skills">
              <Suspense fallback={loading}>
                <AddSkillsPanel
                  host={host}
                  agents={manage.agents}
                  projects={manage.projects}
                  {...(addProject ? { defaultProject: addProject } : {})}
                  {...(addPrefill ? { prefill: addPrefill } : {})}
                  onInstalled={() => void manage.store.refresh()}
                />
              </Suspense>
            </ErrorBoundary>
          </div>
        ) : null}
        <ErrorBoundary name={viewName(view, entry?.skill?.name)} resetKey={viewKey}>
          {view.kind === 'add-skills' ? null : VIEW_TABLE[view.kind](workbench)}
        </ErrorBoundary>
      </main>
      {palette ? <CommandPalette items={items} onClose={() => setPalette(false)} /> : null}
      {dialog ? (
        <SkillDialogs
          host={host}
          dialog={dialog}
          roots={library.roots}
          rootProblems={library.diagnostics}
          agents={manage.agents}
          dirtyFiles={dialog.kind === 'create' ? 0 : buffers.dirty(folderOf(dialog.entry.path)).length}
          onClose={() => setDialog(undefined)}
          onDone={(done) => {
            if (dialog.kind === 'rename' || dialog.kind === 'delete')
              buffers.forget(folderOf(dialog.entry.path));
            setDialog(undefined);
            void library.store.reload().then(({ entries }) => {
              const made = done.folder ? entryInFolder(entries, done.folder) : undefined;
              if (done.kind === 'delete') setSelected(undefined);
              else if (made) open(made.id, done.kind === 'create' ? 'edit' : 'overview');
            });
          }}
        />
      ) : null}
    </div>
  );
}
