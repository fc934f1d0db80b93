// The editor screen (loaded lazily with Monaco): the skill's files, one Monaco model per open file, the host's
// diagnostics as markers with quick fixes, a problems list, the frontmatter panel, save / revert, and what
// happened on disk as a banner per tab (with a three-way merge for conflicts).
import { Editor, type OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import type { Diagnostic, ListedEntry } from '../../../shared/types.js';
import { lineEdits } from '../../../shared/merge.js';
import { shortcutOf } from '../commands/commands.js';
import { useCommand } from '../commands/use-commands.js';
import { folderOf } from '../library/entries.js';
import { Modal } from '../ui/Modal.js';
import { usePane, useWidth } from '../shell/panes.js';
import { PaneToggle, SidePane } from '../shell/SidePane.js';
import { isDirty, statusOf, type BufferStore } from './buffers.js';
import { DiskBanner } from './DiskBanner.js';
import { FileTree } from './FileTree.js';
import { MergeView } from './MergeView.js';
import { NewFileDialog } from './NewFileDialog.js';
import { FrontmatterPanel } from './FrontmatterPanel.js';
import { ProblemsList } from './ProblemsList.js';
import { TabFocusHint } from './TabFocusHint.js';
import { editsOf, showDiagnostics, textFixes } from '../monaco/markers.js';
import { EDITOR_OPTIONS, monaco, monacoTheme } from '../monaco/monaco.js';
import './editor.css';
import './frontmatter-completion.js';
import { SKILL_MD } from './skill-md-language.js';

// The editor's width from which its side panes dock (else they are drawers): Monaco keeps at least 400px.
const FILES_DOCK_MIN = 600;
const FRONTMATTER_DOCK_MIN = 880;

const LANGUAGES: Record<string, string> = {
  md: 'markdown',
  markdown: 'markdown',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'ini',
  py: 'python',
  sh: 'shell',
  bash: 'shell',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  html: 'html',
  css: 'css',
  xml: 'xml',
};
const languageOf = (path: string) =>
  /(^|[\\/])SKILL\.md$/i.test(path)
    ? SKILL_MD
    : (LANGUAGES[/\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase() ?? ''] ?? 'plaintext');
const VALIDATE_DELAY_MS = 150;

export default function EditorView(props: {
  host: HostApi;
  entry: ListedEntry;
  store: BufferStore;
  theme: 'light' | 'dark';
  /** A fix that renames the skill folder: the app confirms it in its rename dialog. */
  onRenameFix: (name: string) => void;
  /** A bundled example: shown read-only (the host refuses to save it), with Duplicate to edit a copy. */
  readOnly: boolean;
  onDuplicate: () => void;
}) {
  const { readOnly } = props;
  const { host, entry, store } = props;
  useSyncExternalStore(store.subscribe, store.snapshot);
  const folder = folderOf(entry.path);
  const [files, setFiles] = useState<string[]>([]);
  const [tabs, setTabs] = useState<string[]>([]);
  const [active, setActive] = useState<string>(entry.path);
  const [problem, setProblem] = useState<string>();
  /** A save in flight or refused, per file (the buffer's own status shows otherwise). */
  const [notes, setNotes] = useState<Record<string, string>>({});
  const note = (path: string, text?: string) =>
    setNotes(({ [path]: _old, ...rest }) => (text ? { ...rest, [path]: text } : rest));
  const [merging, setMerging] = useState<string>();
  const [closing, setClosing] = useState<string>();
  const view = useRef<HTMLDivElement>(null);
  const width = useWidth(view);
  const filesPane = usePane('files', width >= FILES_DOCK_MIN);
  const frontmatterPane = usePane('frontmatter', width >= FRONTMATTER_DOCK_MIN);
  const [creating, setCreating] = useState(false);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const buffer = store.get(active);

  const openFile = useCallback(
    async (path: string) => {
      try {
        await store.open(path);
        setTabs((t) => (t.includes(path) ? t : [...t, path]));
        setActive(path);
        setProblem(undefined);
      } catch (e) {
        setProblem(
          `${(e as Error).message} Pick another file, or open this one in a program that can read it.`,
        );
      }
    },
    [store],
  );

  // The file tree follows the folder: files added or removed on disk appear by themselves.
  useEffect(() => {
    const list = () =>
      void host.invoke('skills:list-files', { id: entry.id }).then((r) => setFiles(r.ok ? r.value : []));
    list();
    return host.on('skills:changed', (change) => {
      if (change.reset || change.ids.includes(entry.id)) list();
    });
  }, [host, entry.id]);

  useEffect(() => {
    setTabs(
      store
        .all()
        .filter((b) => b.path.startsWith(folder))
        .map((b) => b.path),
    );
    void openFile(entry.path);
  }, [host, entry.id, entry.path, folder, openFile, store]);

  // Diagnostics follow the text as the user types (manifests only: other files have no rules).
  const text = buffer?.text;
  const bom = buffer?.bom;
  useEffect(() => {
    if (text === undefined || active !== entry.path) return;
    const timer = setTimeout(() => {
      // The buffer holds the text without its byte order mark; the host reads one at the start as the file's.
      const full = bom ? `\uFEFF${text}` : text;
      void host.invoke('skills:validate-text', { path: active, text: full }).then((r) => {
        if (r.ok)
          store.setDiagnostics(
            active,
            r.value.filter((d) => d.file === active),
          );
      });
    }, VALIDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [host, store, active, text, bom, entry.path]);

  const diagnostics = buffer?.diagnostics ?? [];
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model && model.uri.path === monaco.Uri.file(active).path) showDiagnostics(model, diagnostics);
  }, [diagnostics, active]);

  // Text replaced outside the editor (revert, reload, merge, frontmatter panel) is pushed into the model, undoably,
  // as the lines that changed: the caret stays where the author was typing.
  const revision = buffer?.revision ?? 0;
  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    const b = store.get(active);
    const now = model?.getValue();
    if (!ed || !model || !b || now === undefined || now === b.text) return;
    const rangeOf = (start: number, end: number) => {
      const from = model.getPositionAt(start);
      const to = model.getPositionAt(end);
      return new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column);
    };
    ed.pushUndoStop();
    ed.executeEdits(
      'skillbench',
      lineEdits(now, b.text).map((e) => ({ range: rangeOf(e.start, e.end), text: e.text })),
    );
    ed.pushUndoStop();
  }, [revision, active, store]);

  const save = useCallback(
    async (overwrite = false) => {
      const b = store.get(active);
      if (!b || readOnly) return;
      const path = active;
      note(path, 'Saving…');
      const r = await store.save(path, { overwrite });
      note(
        path,
        r.ok
          ? undefined
          : r.error.code === 'Conflict'
            ? 'Not saved: the file changed on disk.'
            : `Not saved: ${r.error.message}`,
      );
    },
    [active, store, readOnly],
  );

  // Ctrl/Cmd+S, the menu's Save and the palette save the active file while the editor is open.
  useCommand('save', () => void save());

  const onMount: OnMount = (ed) => {
    editorRef.current = ed;
    const model = ed.getModel();
    const b = store.get(active);
    if (model && b) showDiagnostics(model, b.diagnostics);
  };

  const jumpTo = (d: Diagnostic) => {
    const ed = editorRef.current;
    if (!ed) return;
    ed.revealLineInCenter(d.line);
    ed.setPosition({ lineNumber: d.line, column: d.column });
    ed.focus();
  };

  const applyFix = (d: Diagnostic) => {
    const ed = editorRef.current;
    const fix = textFixes(d)[0];
    if (!ed || !fix) return;
    ed.pushUndoStop();
    ed.executeEdits('skillbench-fix', editsOf(fix));
    ed.pushUndoStop();
    ed.focus();
  };

  const closeTab = (path: string) => {
    const b = store.get(path);
    if (b && isDirty(b)) return setClosing(path);
    reallyClose(path);
  };
  const reallyClose = (path: string) => {
    store.close(path);
    monaco.editor.getModel(monaco.Uri.file(path))?.dispose();
    const rest = tabs.filter((t) => t !== path);
    setTabs(rest);
    setClosing(undefined);
    if (active === path) setActive(rest[rest.length - 1] ?? entry.path);
    if (rest.length === 0) void openFile(entry.path);
  };

  const relative = (p: string) => (p.startsWith(folder) ? p.slice(folder.length) : p);
  const dirty = buffer ? isDirty(buffer) : false;

  return (
    <div
      ref={view}
      className={`editor-view workspace${filesPane.docked && filesPane.shown ? '' : ' files-aside'}`}
    >
      <SidePane pane={filesPane} id="editor-files" className="editor-files">
        <FileTree
          files={files}
          folder={folder}
          active={active}
          isDirty={(path) => {
            const b = store.get(path);
            return b ? isDirty(b) : false;
          }}
          onOpen={(path) => {
            filesPane.dismiss();
            void openFile(path);
          }}
          {...(readOnly ? {} : { onNew: () => setCreating(true) })}
        />
      </SidePane>
      <div className="editor-main">
        <div className="tabs" role="tablist" aria-label="Open files">
          {tabs.map((t) => {
            const b = store.get(t);
            return (
              // A tablist owns tabs only: the wrapper is presentational, and the close button is a mouse shortcut
              // hidden from assistive technology (Delete on the focused tab closes it, as the tab's description says).
              <div key={t} role="presentation" className={`tab${t === active ? ' active' : ''}`}>
                <button
                  role="tab"
                  aria-selected={t === active}
                  aria-description="Delete closes this file"
                  onClick={() => setActive(t)}
                  onKeyDown={(e) => {
                    if (e.key === 'Delete') {
                      e.preventDefault();
                      closeTab(t);
                    }
                  }}
                >
                  {relative(t)}
                  {b && isDirty(b) ? ' ●' : ''}
                </button>
                <button
                  className="tab-close"
                  aria-hidden="true"
                  tabIndex={-1}
                  title={`Close ${relative(t)}`}
                  onClick={() => closeTab(t)}
                >
                  ×
                </button>
              </div>
            );
          })}
        </div>
        <div className="toolbar">
          {filesPane.docked ? null : <PaneToggle pane={filesPane} controls="editor-files" label="Files" />}
          <span className="path" title={active}>
            {relative(active)}
            {dirty ? <span className="dirty-label"> — unsaved</span> : null}
          </span>
          <span className="status" role="status">
            {notes[active] ?? (buffer ? statusOf(buffer) : '')}
          </span>
          <TabFocusHint />
          <button
            onClick={() => void save()}
            disabled={!buffer || readOnly}
            title={`Save (${shortcutOf('save')})`}
          >
            Save
          </button>
          <button
            onClick={() => void store.revert(active)}
            disabled={!dirty}
            title="Load the file on disk; Undo in the notice brings your edits back"
          >
            Revert
          </button>
          {active === entry.path && entry.format === 'skill-md' ? (
            <button
              aria-pressed={frontmatterPane.shown}
              aria-controls="editor-frontmatter"
              onClick={frontmatterPane.toggle}
            >
              Frontmatter
            </button>
          ) : null}
        </div>
        {readOnly ? (
          <div className="banner read-only-note" role="note" aria-label="Read-only">
            This is a bundled example: it is read-only. Duplicate it to edit a copy of your own.
            <button onClick={props.onDuplicate}>Duplicate to edit…</button>
          </div>
        ) : null}
        {buffer?.restoredFrom ? (
          <div className="banner" role="status">
            Restored unsaved changes from {new Date(buffer.restoredFrom).toLocaleString()}.
            <button onClick={() => void store.revert(active)}>Discard them</button>
          </div>
        ) : null}
        {buffer && !merging ? (
          <DiskBanner
            name={relative(active)}
            conflict={buffer.conflict}
            undo={buffer.undo}
            onMerge={() => setMerging(active)}
            onOverwrite={() => void save(true)}
            onTakeDisk={() => void store.revert(active)}
            onKeepEditing={() => store.dismissConflict(active)}
            onUndo={() => store.undoDiscard(active)}
            onDismissUndo={() => store.dismissUndo(active)}
          />
        ) : null}
        {problem ? (
          <p className="problem" role="alert">
            {problem}
          </p>
        ) : null}
        {merging === active && buffer?.conflict ? (
          <MergeView
            name={relative(active)}
            base={buffer.savedText}
            mine={buffer.text}
            theirs={buffer.conflict.diskText}
            onApply={(text) => {
              store.applyMerge(active, text);
              setMerging(undefined);
            }}
            onCancel={() => setMerging(undefined)}
          />
        ) : null}
        <div className="editor-body" hidden={merging === active && !!buffer?.conflict}>
          <div className="monaco-host">
            {buffer ? (
              <Editor
                path={monaco.Uri.file(active).toString()}
                defaultValue={buffer.text}
                defaultLanguage={languageOf(active)}
                theme={monacoTheme(props.theme)}
                onMount={onMount}
                onChange={(value) => store.update(active, value ?? '')}
                loading={<p className="empty">Loading the editor…</p>}
                options={{
                  ...EDITOR_OPTIONS,
                  fontSize: 13,
                  wordWrap: 'on',
                  renderWhitespace: 'selection',
                  ariaLabel: `Editor for ${relative(active)}`,
                  readOnly,
                  readOnlyMessage: { value: 'A bundled example is read-only: Duplicate it to edit a copy.' },
                }}
              />
            ) : (
              <p className="empty">Opening…</p>
            )}
          </div>
          {buffer && active === entry.path && entry.format === 'skill-md' ? (
            <SidePane
              pane={frontmatterPane}
              id="editor-frontmatter"
              className="editor-frontmatter"
              side="right"
            >
              {frontmatterPane.shown ? (
                <FrontmatterPanel
                  text={buffer.text}
                  readOnly={readOnly}
                  onChange={(t) => store.replace(active, t)}
                />
              ) : null}
            </SidePane>
          ) : null}
        </div>
        <ProblemsList
          diagnostics={diagnostics}
          validated={active === entry.path}
          dirty={dirty}
          onJump={jumpTo}
          onFix={applyFix}
          onRenameFix={props.onRenameFix}
          onRemoveBom={() => store.removeBom(active)}
        />
      </div>
      {creating ? (
        <NewFileDialog
          host={host}
          skillId={entry.id}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            if (!created.folder) void openFile(created.path);
          }}
        />
      ) : null}
      {closing ? (
        <Modal
          title={`Save changes to ${relative(closing)}?`}
          onCancel={() => setClosing(undefined)}
          actions={
            <>
              <button
                data-autofocus
                onClick={() =>
                  void store.save(closing).then((r) => (r.ok ? reallyClose(closing) : setClosing(undefined)))
                }
              >
                Save
              </button>
              <button onClick={() => reallyClose(closing)}>Discard changes</button>
              <button onClick={() => setClosing(undefined)}>Cancel</button>
            </>
          }
        >
          <p>Closing discards the unsaved changes unless you save them.</p>
        </Modal>
      ) : null}
    </div>
  );
}
