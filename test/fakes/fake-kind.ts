// A tool kind the product does not have, written as a new kind is: one module implementing ToolKindModule. A test
// registers it with one line in the kind table and drives it through the real workspace.
import type { ToolKindModule } from '../../electron/core/tools/kinds/kind.js';
import { declaredArgsOf, schemaFromArgs, stringFields } from '../../electron/core/tools/kinds/kind.js';
import { fieldOrEntryPath, finding, label, str } from '../../electron/core/tools/kinds/tool-entry.js';

export const fakeKind: ToolKindModule = {
  readFields: (raw) => stringFields(raw, 'target'),
  describe: (tool) => `ping via ${tool.target ?? ''}`,
  // Treated as local code, so workspace trust has something to refuse.
  runsLocalCode: () => true,

  targetSchema: (tool) => schemaFromArgs(tool),
  knownSchema: (tool) => schemaFromArgs(tool),
  toolType: (tool) => ({ type: 'builtin', handler: tool.target ?? '' }),
  run: (ctx) => {
    const output = `pong from ${JSON.stringify(ctx.args.host)} via ${ctx.tool.target ?? ''}`;
    return Promise.resolve({ output, isError: false, content: [{ type: 'text', text: output }] });
  },

  manifestCodes: ['tool-fake-target'],
  checkEntry: (e) =>
    str(e, 'target') === 'somewhere'
      ? []
      : [
          finding(
            fieldOrEntryPath(e, 'target'),
            'error',
            'tool-fake-target',
            `${label(e)}: a fake tool only reaches somewhere.`,
          ),
        ],
  declaredArgs: (e) => declaredArgsOf(e),
  templateFields: [],
};
