// The arguments as JSON in Monaco, on the same value as the form: the form's value is written into the editor,
// and typing valid JSON there changes the form (without echoing it back). Validated against the tool's schema.
import { Editor, type OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useRef } from 'react';
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
  /** The value's text as the editor already shows it. */
  const synced = useRef<string | undefined>(undefined);
  const uri = `inmemory://skillbench/args/${encodeURIComponent(props.skillId)}/${tool.name}.json`;

  useEffect(() => {
    validateJsonModel(uri, `skillbench://schema/${tool.composedName}`, tool.inputSchema);
  }, [tool, uri]);

  useEffect(() => {
    const text = JSON.stringify(value ?? {}, null, 2);
    if (synced.current === text) return;
    synced.current = text;
    onError(undefined);
    // Written imperatively: a controlled `value` would race the user's keystrokes and drop some.
    const ed = editor.current;
    const model = ed?.getModel();
    if (ed && model) {
      const old = model.getValue();
      if (old === text) return;
      // Only the changed middle is replaced: a keystroke in the form re-tokenises one line, not the document
      // (issue 13's keystroke-to-JSON-pane budget).
      let start = 0;
      const max = Math.min(old.length, text.length);
      while (start < max && old.charCodeAt(start) === text.charCodeAt(start)) start++;
      let end = 0;
      while (
        end < max - start &&
        old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)
      )
        end++;
      const from = model.getPositionAt(start);
      const to = model.getPositionAt(old.length - end);
      writing.current = true;
      ed.executeEdits('form', [
        {
          range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
          text: text.slice(start, text.length - end),
        },
      ]);
      writing.current = false;
    }
  }, [value, onError]);

  const onMount = useCallback<OnMount>(
    (ed) => {
      editor.current = ed;
      // Monaco keeps Ctrl/Cmd+Enter to itself (insert a line below): hand it to the bus like the window's keys.
      ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => bus.dispatch('run'));
    },
    [bus],
  );
  // Stable: @monaco-editor/react subscribes to the model's changes again whenever this function is a new one.
  const onText = useCallback(
    (text: string | undefined) => {
      if (writing.current) return;
      const t = text ?? '';
      try {
        const parsed = t.trim() === '' ? {} : (JSON.parse(t) as JsonValue);
        onError(undefined);
        synced.current = JSON.stringify(parsed, null, 2); // already shown: not written back
        onChange(parsed);
      } catch (e) {
        onError(`Not valid JSON: ${(e as Error).message}`);
      }
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
          defaultValue={synced.current ?? '{}'}
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
