// Owns the arguments model of the runner: one value per tool (kept while the user switches tools), starting from
// the schema's defaults, checked against the advertised schema as it changes, plus what the form cannot turn
// into a value yet.
import { useCallback, useMemo, useState } from 'react';
import type { JsonValue, ToolDefinition } from '../../../shared/types.js';
import { initialValue, normalizeSchema } from './schema-form/schema-form-model.js';
import { validateArgs } from './schema-form/validate-args.js';

export function useToolArgs(tool: ToolDefinition | undefined) {
  const [byTool, setByTool] = useState<Record<string, JsonValue | undefined>>({});
  /** Fields whose text is not a value (bad JSON, not a number), by JSON pointer: running is blocked. */
  const [invalid, setInvalid] = useState(new Map<string, string>());
  const field = useMemo(() => (tool ? normalizeSchema(tool.inputSchema) : undefined), [tool]);
  const initial = useMemo(() => (field ? initialValue(field) : undefined), [field]);
  const value = tool ? (tool.name in byTool ? byTool[tool.name] : initial) : undefined;

  /** Sets the arguments of any tool (a replay sets them before the tool is selected). */
  const setArgsOf = useCallback((toolName: string, v: JsonValue | undefined) => {
    setByTool((m) => ({ ...m, [toolName]: v }));
  }, []);
  /** Sets the arguments of the selected tool. */
  const setValue = useCallback(
    (v: JsonValue | undefined) => {
      if (tool) setArgsOf(tool.name, v);
    },
    [tool, setArgsOf],
  );

  /** The validator's messages by JSON pointer: shown under the fields; the host refuses such arguments. */
  const errors = useMemo(() => {
    const m = new Map<string, string[]>();
    if (!tool) return m;
    for (const e of validateArgs(tool.inputSchema, value ?? {}))
      m.set(e.pointer, [...(m.get(e.pointer) ?? []), e.message]);
    return m;
  }, [tool, value]);

  return { field, value, setValue, setArgsOf, errors, invalid, setInvalid };
}
