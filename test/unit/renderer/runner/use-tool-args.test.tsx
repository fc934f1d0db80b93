// @vitest-environment jsdom
// The runner's arguments model: the argument check follows the value as a deferred value (issue 13's keystroke
// budget: the keystroke renders first), and checkNow answers for the value itself (what Run asks).
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArgsStore } from '../../../../renderer/src/runner/args-store.js';
import { useSelectedTool, useToolArgs } from '../../../../renderer/src/runner/use-tool-args.js';
import type { JsonValue, ToolDefinition } from '../../../../shared/types.js';

afterEach(cleanup);

describe("the runner's argument check", () => {
  const tool: ToolDefinition = {
    name: 'greet',
    composedName: 'demo__greet',
    description: '',
    inputSchema: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', title: 'Name' } },
    },
    toolType: { type: 'builtin', handler: 'echo' },
  };

  it('follows the value after the keystroke has rendered, and answers for the value itself when asked', () => {
    const seen: Array<{ value: JsonValue | undefined; shown: string[]; now: string[] }> = [];
    let args: ReturnType<typeof useToolArgs> | undefined;
    const store = new ArgsStore();
    function Harness() {
      args = useToolArgs('demo', tool, store);
      seen.push({
        value: args.value,
        shown: [...args.errors.values()].flat(),
        now: [...args.checkNow().values()].flat(),
      });
      return null;
    }
    render(<Harness />);
    expect(seen.at(-1)).toEqual({ value: {}, shown: ['Name is required.'], now: ['Name is required.'] });
    seen.length = 0;
    act(() => args!.setValue({ name: 'Ada' }));
    // The keystroke's own render still shows the last check; Run asks checkNow, which knows the value is fine.
    expect(seen[0]).toEqual({ value: { name: 'Ada' }, shown: ['Name is required.'], now: [] });
    expect(seen.at(-1)).toEqual({ value: { name: 'Ada' }, shown: [], now: [] });
  });
});

describe('the arguments kept for the session', () => {
  const tool = (name: string, required: string): ToolDefinition => ({
    name,
    composedName: `demo__${name}`,
    description: '',
    inputSchema: { type: 'object', required: [required], properties: { [required]: { type: 'string' } } },
    toolType: { type: 'builtin', handler: 'echo' },
  });
  const a = tool('a', 'text');
  const b = tool('b', 'path');

  /** A runner as its tab mounts it: the scope's selected tool (else the first) and its arguments. */
  function mountRunner(store: ArgsStore, scope: string) {
    const seen: {
      selected?: string;
      value?: JsonValue;
      set?: (v: JsonValue) => void;
      select?: (t: string) => void;
    } = {};
    function Runner() {
      const [selected, select] = useSelectedTool(scope, store);
      const current = selected === 'b' ? b : a;
      const args = useToolArgs(scope, current, store);
      Object.assign(seen, { selected: current.name, value: args.value, set: args.setValue, select });
      return null;
    }
    const view = render(<Runner />);
    return { seen, unmount: view.unmount };
  }

  it('keeps what was typed per scope and tool across tool switches and unmounts (a view or skill switch)', () => {
    const store = new ArgsStore();
    const first = mountRunner(store, 'skill-1');
    act(() => first.seen.set!({ text: 'typed in a' }));
    act(() => first.seen.select!('b'));
    expect(first.seen).toMatchObject({ selected: 'b', value: {} });
    act(() => first.seen.set!({ path: 'typed in b' }));
    first.unmount();

    // Another skill's runner starts from the schema's defaults and changes nothing of the first skill's.
    const other = mountRunner(store, 'skill-2');
    expect(other.seen).toMatchObject({ selected: 'a', value: {} });
    act(() => other.seen.set!({ text: 'other skill' }));
    other.unmount();

    const again = mountRunner(store, 'skill-1');
    expect(again.seen).toMatchObject({ selected: 'b', value: { path: 'typed in b' } });
    act(() => again.seen.select!('a'));
    expect(again.seen).toMatchObject({ selected: 'a', value: { text: 'typed in a' } });
  });
});
