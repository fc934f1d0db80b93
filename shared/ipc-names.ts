// Owns the names of the IPC contract's channels, push events and app commands, and nothing else (issues 19, 14):
// the sandboxed preload and the renderer's first chunk need only these, so they carry them without the contract's
// TypeBox schemas. shared/ipc.ts checks its contract against these lists at compile time (`satisfies`), and a unit
// test checks them at run time.

export const CHANNEL_NAMES = [
  'app:get-version',
  'app:get-paths',
  'app:open-external',
  'app:pick-folder',
  'app:get-notices',
  'roots:list',
  'roots:add',
  'roots:remove',
  'roots:trust',
  'roots:trust-info',
  'skills:list',
  'skills:get',
  'skills:list-files',
  'skills:read-file',
  'skills:save-file',
  'skills:validate-text',
  'skills:create',
  'skills:duplicate',
  'skills:rename',
  'skills:delete',
  'skills:run-command',
  'drafts:list',
  'drafts:put',
  'drafts:discard',
  'tools:list',
  'tools:run',
  'tools:cancel',
  'history:list',
  'history:search',
  'history:get',
  'history:pin',
  'history:clear',
  'cases:list',
  'cases:save',
  'cases:run',
  'mcp:list',
  'mcp:status',
  'mcp:restart',
  'mcp:info',
  'mcp:disconnect',
  'mcp:list-tools',
  'mcp:list-resources',
  'mcp:list-templates',
  'mcp:list-prompts',
  'mcp:call-tool',
  'mcp:read-resource',
  'mcp:subscribe',
  'mcp:get-prompt',
  'mcp:complete',
  'mcp:set-logging-level',
  'mcp:ping',
  'mcp:protocol-log',
  'mcp:export',
  'mcp:pending-requests',
  'mcp:answer',
  'mcp:sample-draft',
  'mcp:wrap-preview',
  'evals:list-providers',
  'evals:save-provider',
  'evals:remove-provider',
  'evals:run-triggers',
  'evals:run-collisions',
  'evals:run-output',
  'evals:results',
  'evals:transcript',
  'manage:agents',
  'manage:inspect',
  'manage:cancel',
  'manage:install',
  'manage:discard',
  'manage:installed',
  'manage:check-updates',
  'manage:update',
  'manage:remove',
  'manage:pack',
  'settings:get',
  'settings:set',
] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

export const EVENT_NAMES = [
  'app:command',
  'skills:changed',
  'runs:progress',
  'runs:finished',
  'mcp:sign-in',
  'mcp:request',
  'mcp:request-settled',
  'mcp:notification',
  'manage:progress',
  'manage:notice',
] as const;
export type EventNameOnly = (typeof EVENT_NAMES)[number];

/** `skills:save-file` -> `skillsSaveFile`: the preload's method name for a channel. */
export function methodName(channel: string): string {
  return channel.replace(/[:-]([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Commands the desktop menu sends to the renderer (the same ones its keyboard shortcuts run). Here, not in ipc.ts,
 *  so the renderer's first chunk carries them without the contract's TypeBox schemas (issue 14). */
export const APP_COMMANDS = ['palette', 'save', 'run', 'new-skill', 'history', 'settings'] as const;
export type AppCommand = (typeof APP_COMMANDS)[number];
