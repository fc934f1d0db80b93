// @vitest-environment jsdom
// The runner's arguments model: the argument check follows the value as a deferred value (issue 13's keystroke
// budget: the keystroke renders first), and checkNow answers for the value itself (what Run asks).
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useToolArgs } from '../../../../renderer/src/runner/use-tool-args.js';
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
    function Harness() {
      args = useToolArgs(tool);
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
