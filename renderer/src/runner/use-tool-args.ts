// Owns the arguments model of the runner: one value per tool (kept while the user switches tools), starting from
// the schema's defaults, the union branches the user picked, the check against the advertised schema as it
// changes (only in the branches shown), plus what the form cannot turn into a value yet. The check follows the
// value as a deferred value: a keystroke paints first, the messages follow in a render React may drop for the next
// keystroke (issue 13's keystroke budget); `checkNow` answers for the value itself when it must (Run).
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { JsonValue, ToolDefinition } from '../../../shared/types.js';
import { effectiveBranches, initialValue } from './schema-form/form-state.js';
import { normalizeSchema } from './schema-form/schema-form-model.js';
import { errorsByPointer, validateArgs } from './schema-form/validate-args.js';

export function useToolArgs(tool: ToolDefinition | undefined) {
  const [byTool, setByTool] = useState<Record<string, JsonValue | undefined>>({});
  const [picksByTool, setPicksByTool] = useState<Record<string, ReadonlyMap<string, number>>>({});
  /** Fields whose text is not a value (bad JSON, not a number), by JSON pointer: running is blocked. */
  const [invalid, setInvalid] = useState(new Map<string, string>());
  const field = useMemo(() => (tool ? normalizeSchema(tool.inputSchema) : undefined), [tool]);
  const initial = useMemo(() => (field ? initialValue(field) : undefined), [field]);
  const value = tool ? (tool.name in byTool ? byTool[tool.name] : initial) : undefined;
  const picks = useMemo(
    () => (tool ? picksByTool[tool.name] : undefined) ?? new Map<string, number>(),
    [tool, picksByTool],
  );

  /** Sets the arguments of any tool (a replay sets them before the tool is selected). */
  const setArgsOf = useCallback((toolName: string, v: JsonValue | undefined) => {
    setByTool((m) => ({ ...m, [toolName]: v }));
    // A value loaded from elsewhere picks its own branches.
    setPicksByTool((m) => ({ ...m, [toolName]: new Map() }));
  }, []);
  /** Sets the arguments of the selected tool. */
  const setValue = useCallback(
    (v: JsonValue | undefined) => {
      if (tool) setByTool((m) => ({ ...m, [tool.name]: v }));
    },
    [tool],
  );
  const pick = useCallback(
    (pointer: string, index: number) => {
      if (tool) setPicksByTool((m) => ({ ...m, [tool.name]: new Map(m[tool.name]).set(pointer, index) }));
    },
    [tool],
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
