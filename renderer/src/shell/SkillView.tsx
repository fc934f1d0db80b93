// One skill: its name, its tabs (overview, editor, runner, preview, evals) and its actions. The editor, runner and preview
// load on first use (with Monaco), keeping the library screen's bundle lean.
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry, RootInfo, ValidationProfile } from '../../../shared/types.js';
import { isDirty, type BufferStore } from '../editor/buffers.js';
import { folderOf, isReadOnly, rootOf } from '../library/entries.js';
import { qualifiedName } from '../../../shared/effective.js';
import { SkillDetails, type AgentName } from '../library/SkillDetails.js';
import { TrustBanner } from '../library/TrustBanner.js';
import type { SkillDialog } from '../library/SkillDialogs.js';
import { MenuButton } from '../ui/MenuButton.js';
import { useTablistKeys } from '../ui/roving-focus.js';
import { TABS, type Tab } from './navigation.js';
import { useWidth } from './panes.js';

/** Below this header width the skill's actions fold into More actions (the name and the tabs keep the room). */
const ACTIONS_INLINE_MIN = 840;

const TAB_IDS = TABS.map(([tab]) => tab);

const EditorView = lazy(() => import('../editor/EditorView.js'));
const RunnerView = lazy(() => import('../runner/RunnerView.js'));
const EvalsView = lazy(() => import('../evals/EvalsView.js'));
const PreviewView = lazy(() => import('../preview/PreviewView.js').then((m) => ({ default: m.PreviewView })));

export function SkillView(props: {
  host: HostApi;
  entry: ListedEntry;
  roots: RootInfo[];
  tab: Tab;
  onTab(tab: Tab): void;
  buffers: BufferStore;
  theme: 'light' | 'dark';
  /** The validation profile: the details show the effective values its runtime uses. */
  profile: ValidationProfile;
  onDialog(dialog: SkillDialog): void;
  /** Where the skill is installed, and its install actions (issue 17). */
  manageBar?: ReactNode;
  /** The agent table, to name the agents that read the skill. */
  agents?: readonly AgentName[];
}) {
  const { host, entry, buffers, theme } = props;
  const dirtyInSkill = buffers.dirty(folderOf(entry.path)).length;
  const manifest = buffers.get(entry.path);
  const readOnly = isReadOnly(entry, props.roots);
  const root = rootOf(entry, props.roots);
  const head = useRef<HTMLElement>(null);
  const inline = useWidth(head) >= ACTIONS_INLINE_MIN;
  const name = entry.skill ? qualifiedName(entry.skill) : entry.id;
  const actions = [
    { label: 'Duplicate', onSelect: () => props.onDialog({ kind: 'duplicate', entry }) },
    { label: 'Rename', onSelect: () => props.onDialog({ kind: 'rename', entry }), disabled: readOnly },
    { label: 'Delete', onSelect: () => props.onDialog({ kind: 'delete', entry }), disabled: readOnly },
  ];
  const { tablist, tab: tabProps } = useTablistKeys(TAB_IDS, props.tab, (t) => props.onTab(t));
  return (
    <div className="skill-view">
      <header className="skill-head" ref={head}>
        <h2 title={name}>{name}</h2>
        <div className="tabs" aria-label="Skill views" {...tablist}>
          {TABS.map(([tab, label]) => (
            <button key={tab} onClick={() => props.onTab(tab)} {...tabProps(tab)}>
              {label}
              {tab === 'edit' && dirtyInSkill ? ' ●' : ''}
            </button>
          ))}
        </div>
        <span className="spacer" />
        {inline ? (
          actions.map((a) => (
            <button key={a.label} onClick={a.onSelect} disabled={a.disabled}>
              {a.label}
            </button>
          ))
        ) : (
          <MenuButton label="More actions" items={actions} />
        )}
      </header>
      {props.manageBar}
      {root && <TrustBanner key={root.id} host={host} root={root} entry={entry} />}
      <div className="skill-body">
        <Suspense
          fallback={
            <p className="empty" role="status">
              Loading the editor…
            </p>
          }
        >
          {props.tab === 'overview' ? (
            <SkillDetails
              entry={entry}
              profile={props.profile}
              {...(props.agents ? { agents: props.agents } : {})}
            />
          ) : props.tab === 'edit' ? (
            <EditorView
              key={entry.id}
              host={host}
              entry={entry}
              store={buffers}
              theme={theme}
              onRenameFix={(name) => props.onDialog({ kind: 'rename', entry, name })}
              readOnly={readOnly}
              onDuplicate={() => props.onDialog({ kind: 'duplicate', entry })}
            />
          ) : props.tab === 'run' ? (
            <RunnerView key={entry.id} host={host} entry={entry} theme={theme} />
          ) : props.tab === 'evals' ? (
            <EvalsView
              key={entry.id}
              host={host}
              entry={entry}
              readOnly={readOnly}
              unsavedText={manifest && isDirty(manifest) ? manifest.text : undefined}
            />
          ) : (
            <PreviewView
              host={host}
              entry={entry}
              trusted={root?.trusted ?? true}
              unsavedText={manifest && isDirty(manifest) ? manifest.text : undefined}
            />
          )}
        </Suspense>
      </div>
    </div>
  );
}
