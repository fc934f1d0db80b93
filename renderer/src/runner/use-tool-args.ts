// Owns the arguments model of the runner: one value per tool, kept for the session in the args store (so the form,
// the JSON pane and Run read one value however the user moves around), starting from the schema's defaults, the
// union branches the user picked, the check against the advertised schema as it changes (only in the branches
// shown), plus what the form cannot turn into a value yet. The check follows the value as a deferred value: a
// keystroke paints first, the messages follow in a render React may drop for the next keystroke; `checkNow` answers
// for the value itself when it must (Run).
import { useCallback, useDeferredValue, useMemo, useState, useSyncExternalStore } from 'react';
import type { JsonValue, ToolDefinition } from '../../../shared/types.js';
import { sessionArgs, type ArgsStore } from './args-store.js';
import { effectiveBranches, initialValue } from './schema-form/form-state.js';
import { normalizeSchema } from './schema-form/schema-form-model.js';
import { errorsByPointer, validateArgs } from './schema-form/validate-args.js';

/** One scope's arguments (a skill's, a server's) as they are now. */
function useScope(scope: string, store: ArgsStore) {
  const get = useCallback(() => store.get(scope), [store, scope]);
  return useSyncExternalStore(store.subscribe, get);
}

/** The tool last selected in a scope, kept for the session like its arguments. */
export function useSelectedTool(scope: string, store: ArgsStore = sessionArgs) {
  const { selected } = useScope(scope, store);
  const select = useCallback((tool: string) => store.select(scope, tool), [store, scope]);
  return [selected, select] as const;
}

export function useToolArgs(scope: string, tool: ToolDefinition | undefined, store: ArgsStore = sessionArgs) {
  const state = useScope(scope, store);
  /** Fields whose text is not a value (bad JSON, not a number), by JSON pointer: running is blocked. */
  const [invalid, setInvalid] = useState(new Map<string, string>());
  const field = useMemo(() => (tool ? normalizeSchema(tool.inputSchema) : undefined), [tool]);
  const initial = useMemo(() => (field ? initialValue(field) : undefined), [field]);
  const value = tool ? (tool.name in state.values ? state.values[tool.name] : initial) : undefined;
  const picks = useMemo(
    () => (tool ? state.picks[tool.name] : undefined) ?? new Map<string, number>(),
    [tool, state.picks],
  );

  /** Sets the arguments of any tool (a replay sets them before the tool is selected). */
  const setArgsOf = useCallback(
    (toolName: string, v: JsonValue | undefined) => store.load(scope, toolName, v),
    [store, scope],
  );
  /** Sets the arguments of the selected tool. */
  const setValue = useCallback(
    (v: JsonValue | undefined) => {
      if (tool) store.setValue(scope, tool.name, v);
    },
    [store, scope, tool],
  );
  const pick = useCallback(
    (pointer: string, index: number) => {
      if (tool) store.pick(scope, tool.name, pointer, index);
    },
    [store, scope, tool],
  );

  const check = useCallback(
    (v: JsonValue | undefined) =>
      tool && field
        ? errorsByPointer(validateArgs(tool.inputSchema, v ?? {}, effectiveBranches(field, v, picks)))
        : new Map<string, string[]>(),
    [tool, field, picks],
  );
  const checked = useDeferredValue(value);
  /** The validator's messages by JSON pointer, for the value as of the last check: shown under the fields. */
  const errors = useMemo(() => check(checked), [check, checked]);
  /** The messages for the value as it is now (the host refuses such arguments). */
  const checkNow = useCallback(
    () => (checked === value ? errors : check(value)),
    [checked, value, errors, check],
  );

  return { field, value, setValue, setArgsOf, errors, checkNow, invalid, setInvalid, picks, pick };
}
