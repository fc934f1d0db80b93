// The one table of tool kinds: a kind is its module here and its name in shared TOOL_KINDS. Everything else asks
// the table (through registry.ts), never compares kind names.
import type { ToolKind } from '../../../../shared/types.js';
import { builtinKind } from './builtin/builtin.js';
import { httpKind } from './http.js';
import type { ToolKindModule } from './kind.js';
import { mcpKind } from './mcp.js';
import { scriptKind } from './script.js';
import { shellKind } from './shell.js';

export const KINDS: Readonly<Record<ToolKind, ToolKindModule>> = {
  builtin: builtinKind,
  mcp: mcpKind,
  shell: shellKind,
  script: scriptKind,
  http: httpKind,
};
