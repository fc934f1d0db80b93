// Owns which component draws each workbench view that shared/views.ts names: a new screen is its folder, a row
// there and a row here. Views a first paint does not need load on first use (the initial chunk's budget).
import { lazy, Suspense, type ReactNode } from 'react';
import type { HistoryEntryView, Settings } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry } from '../../../shared/types.js';
import type { ViewId } from '../../../shared/views.js';
import type { BufferStore } from '../editor/buffers.js';
import type { SkillDialog } from '../library/SkillDialogs.js';
import type { useLibrary } from '../library/use-library.js';
import { ManageActions, type ManageRequest } from '../manage/ManageActions.js';
import type { useManage } from '../manage/use-manage.js';
import type { Tab } from './navigation.js';
import { SkillView } from './SkillView.js';

const ServersView = lazy(() => import('../servers/ServersView.js').then((m) => ({ default: m.ServersView })));
const PlaygroundView = lazy(() => import('../playground/PlaygroundView.js'));
const HistoryView = lazy(() => import('../history/HistoryView.js').then((m) => ({ default: m.HistoryView })));
const SettingsView = lazy(() =>
  import('../settings/SettingsView.js').then((m) => ({ default: m.SettingsView })),
);

export const loading = (
  <p className="empty" role="status">
    Loading…
  </p>
);

/** What the views draw from: the app's state and the actions they may take. */
export interface Workbench {
  host: HostApi;
  library: ReturnType<typeof useLibrary>;
  /** The selected skill, and the tab it is on. */
  entry: ListedEntry | undefined;
  tab: Tab;
  open: (id: string, tab?: Tab) => void;
  /** Shows a view of the table. */
  show: (id: ViewId) => void;
  buffers: BufferStore;
  theme: 'light' | 'dark';
  settings: Settings;
  setSettings: (settings: Settings) => void;
  manage: ReturnType<typeof useManage>;
  manageRequest: ManageRequest | undefined;
  clearManageRequest: () => void;
  skillDialog: (dialog: SkillDialog) => void;
  addSkills: (folder?: string) => void;
  replay: (entry: HistoryEntryView) => void;
}

export const VIEW_TABLE: { readonly [V in ViewId]: (app: Workbench) => ReactNode } = {
  skill: (app) => {
    const { entry } = app;
    if (!entry)
      return (
        <p className="empty">
          {app.library.loaded ? 'Select a skill, or press Ctrl/Cmd+K to find one.' : 'Loading the library…'}
        </p>
      );
    return (
      <SkillView
        host={app.host}
        entry={entry}
        roots={app.library.roots}
        tab={app.tab}
        onTab={(t) => app.open(entry.id, t)}
        buffers={app.buffers}
        theme={app.theme}
        profile={app.settings.profile}
        agents={app.manage.agents}
        onDialog={app.skillDialog}
        manageBar={
          <ManageActions
            host={app.host}
            entry={entry}
            manage={app.manage}
            store={app.manage.store}
            request={app.manageRequest}
            onRequestTaken={app.clearManageRequest}
            onInstallTo={app.addSkills}
          />
        }
      />
    );
  },
  servers: (app) => (
    <Suspense fallback={loading}>
      <ServersView
        host={app.host}
        entries={app.library.entries}
        roots={app.library.roots}
        onOpenSkill={(id) => {
          void app.library.store.reload().then(() => app.open(id, 'run'));
        }}
      />
    </Suspense>
  ),
  playground: (app) => (
    <Suspense fallback={loading}>
      <PlaygroundView
        host={app.host}
        entries={app.library.entries}
        entry={app.entry}
        buffers={app.buffers}
        theme={app.theme}
        profile={app.settings.profile}
        onShow={app.show}
      />
    </Suspense>
  ),
  history: (app) => (
    <Suspense fallback={loading}>
      <HistoryView host={app.host} onReplay={app.replay} />
    </Suspense>
  ),
  settings: (app) => (
    <Suspense fallback={loading}>
      <SettingsView host={app.host} settings={app.settings} onSaved={app.setSettings} />
    </Suspense>
  ),
};
