// The arguments as JSON in Monaco, on the same value as the form: the form's value is written into the editor,
// and typing valid JSON there changes the form (without echoing it back). Validated against the tool's schema.
import { Editor, type OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { JsonValue, ToolDefinition } from '../../../shared/types.js';
import { useCommandBus } from '../commands/use-commands.js';
import { EDITOR_OPTIONS, monaco, monacoTheme, validateJsonModel } from '../monaco/monaco.js';

// One object for every render: @monaco-editor/react calls updateOptions whenever this object is a new one.
const OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  ...EDITOR_OPTIONS,
  fontSize: 12,
  lineNumbers: 'off',
  ariaLabel: 'Arguments as JSON. Tab moves to the next control.',
  // Tab and Shift+Tab move focus in and out, as in every other field (issue 13); Enter keeps indenting.
  tabFocusMode: true,
};

/** The pane's text as arguments (empty text is no arguments), or why it is not JSON. */
function parseArgs(text: string): { ok: true; value: JsonValue } | { ok: false; error: string } {
  try {
    return { ok: true, value: text.trim() === '' ? {} : (JSON.parse(text) as JsonValue) };
  } catch (e) {
    return { ok: false, error: `Not valid JSON: ${(e as Error).message}` };
  }
}

export function ArgsJsonEditor(props: {
  skillId: string;
  tool: ToolDefinition;
  value: JsonValue | undefined;
  onChange: (value: JsonValue) => void;
  /** Why the text is not a value (undefined once it is one again). */
  error: string | undefined;
  onError: (message: string | undefined) => void;
  theme: 'light' | 'dark';
}) {
  const { tool, value, onError, onChange } = props;
  const bus = useCommandBus();
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  /** True while the form's value is written into the editor (its change event is not the user's). */
  const writing = useRef(false);
  /** The model last brought in line with the value, and the value's text as it shows it. */
  const shown = useRef<{ model: monaco.editor.ITextModel; text: string } | undefined>(undefined);
  const uri = `inmemory://skillbench/args/${encodeURIComponent(props.skillId)}/${tool.name}.json`;
  const text = useMemo(() => JSON.stringify(value ?? {}, null, 2), [value]);
  const latest = useRef(text);
  latest.current = text;

  useEffect(() => {
    validateJsonModel(uri, `skillbench://schema/${tool.composedName}`, tool.inputSchema);
  }, [tool, uri]);

  /**
   * Makes the editor show the value Run sends. A tool's model outlives the editor (kept per tool for the session),
   * so a model shown again is checked too: text typed there that is not JSON yet stays, as a draft that blocks Run;
   * any other text that is not this value is replaced by it.
   */
  const sync = useCallback(() => {
    const ed = editor.current;
    const model = ed?.getModel();
    if (!ed || !model) return;
    const want = latest.current;
    const again = shown.current?.model !== model;
    if (!again && shown.current?.text === want) return;
    shown.current = { model, text: want };
    const old = model.getValue();
    if (again) {
      const draft = parseArgs(old);
      if (!draft.ok) return onError(draft.error);
      if (JSON.stringify(draft.value, null, 2) === want) return onError(undefined);
    }
    onError(undefined);
    if (old === want) return;
    // Only the changed middle is replaced: a keystroke in the form re-tokenises one line, not the document.
    let start = 0;
    const max = Math.min(old.length, want.length);
    while (start < max && old.charCodeAt(start) === want.charCodeAt(start)) start++;
    let end = 0;
    while (
      end < max - start &&
      old.charCodeAt(old.length - 1 - end) === want.charCodeAt(want.length - 1 - end)
    )
      end++;
    const from = model.getPositionAt(start);
    const to = model.getPositionAt(old.length - end);
    writing.current = true;
    ed.executeEdits('form', [
      {
        range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
        text: want.slice(start, want.length - end),
      },
    ]);
    writing.current = false;
  }, [onError]);

  // Written imperatively: a controlled `value` would race the user's keystrokes and drop some. The Editor has
  // switched to this tool's model by now (a child's effects run first).
  useEffect(sync, [text, uri, sync]);

  const onMount = useCallback<OnMount>(
    (ed) => {
      editor.current = ed;
      sync();
      // Monaco keeps Ctrl/Cmd+Enter to itself (insert a line below): hand it to the bus like the window's keys.
      ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => bus.dispatch('run'));
    },
    [bus, sync],
  );
  // Stable: @monaco-editor/react subscribes to the model's changes again whenever this function is a new one.
  const onText = useCallback(
    (typed: string | undefined) => {
      if (writing.current) return;
      const parsed = parseArgs(typed ?? '');
      if (!parsed.ok) return onError(parsed.error);
      onError(undefined);
      const model = editor.current?.getModel();
      // Already shown: not written back.
      if (model) shown.current = { model, text: JSON.stringify(parsed.value, null, 2) };
      onChange(parsed.value);
    },
    [onError, onChange],
  );

  return (
    <section className="json-pane" aria-label="Arguments JSON">
      <div className="pane-title">
        JSON {props.error ? <span className="sev-error small-text">{props.error}</span> : null}
      </div>
      <div className="json-editor">
        <Editor
          path={uri}
          language="json"
          defaultValue={text}
          keepCurrentModel
          theme={monacoTheme(props.theme)}
          onMount={onMount}
          onChange={onText}
          options={OPTIONS}
        />
      </div>
      <small className="muted small-text tab-hint">
        Tab leaves the JSON editor; indentation follows Enter.
      </small>
    </section>
  );
}
