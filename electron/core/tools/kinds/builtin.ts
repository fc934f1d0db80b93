// The `builtin` kind: delegates to a built-in handler resolved by exact name (scoped elevation).
import { SkillError } from '../../../../shared/errors.js';
import { BUILTIN_TOOLS } from '../builtin-catalog.js';
import { runBuiltin } from '../builtins.js';
import type { ToolKindModule } from './kind.js';

export const builtinKind: ToolKindModule = {
  targetSchema(tool) {
    const spec = tool.target ? BUILTIN_TOOLS[tool.target] : undefined;
    if (!spec)
      throw new SkillError(
        'NotFound',
        `Tool "${tool.name}" targets the built-in "${tool.target ?? ''}", which does not exist.`,
      );
    return spec.inputSchema;
  },
  toolType: (tool) => ({ type: 'builtin', handler: tool.target ?? tool.name }),
  run: (ctx) => runBuiltin(ctx.tool.target ?? ctx.tool.name, ctx),
};
