// Owns running one of a skill's `` !`command` `` lines on the author's request (issue 11): the preview lists them and
// never runs them by itself. A command runs only as written in the saved manifest, only in a trusted root, in the
// tool sandbox (cleared environment, the skill's folder, a timeout, capped output, the process tree killed).
// Tested by: test/integration/host/bang-command.test.ts
import { dirname } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import type { CommandRunView } from '../../../shared/host-types.js';
import { bangCommands } from '../../../shared/syntax/instructions.js';
import type { RootInfo, SkillDefinition } from '../../../shared/types.js';
import { POWERSHELL, runProcess, toolEnvironment } from '../tools/process-runner.js';

/** How long a previewed command may run: Claude Code runs them before every prompt, so they are meant to be quick. */
const BANG_COMMAND_TIMEOUT_MS = 10_000;

/** The session id a previewed command sees in `$CLAUDE_SESSION_ID` (there is no session). */
const PREVIEW_SESSION_VALUE = 'skillbench-preview';

/** The shell Claude Code runs a skill's commands with: `shell: powershell`, else bash. */
function commandShell(skill: SkillDefinition): { file: string; args: (command: string) => string[] } {
  if (skill.metadata.shell === 'powershell')
    return {
      file: POWERSHELL,
      args: (c) => ['-NoProfile', '-NonInteractive', '-Command', c],
    };
  // --norc --noprofile: bash reads ~/.bashrc even non-interactively when its stdin is a socket (Node's pipes are),
  // so the user's rc files would run in the sandbox, and may hang or slow it; -NoProfile is PowerShell's equivalent.
  return { file: 'bash', args: (c) => ['--norc', '--noprofile', '-c', c] };
}

export async function runBangCommand(
  skill: SkillDefinition,
  root: RootInfo | undefined,
  command: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<CommandRunView> {
  if (!bangCommands(skill.instructions).includes(command))
    throw new SkillError(
      'NotFound',
      `The saved ${skill.sourcePath} has no !\`${command}\` line. Save the file, then run the command again.`,
    );
  if (!root)
    throw new SkillError(
      'PermissionDenied',
      `The command !\`${command}\` of skill "${skill.name}" belongs to no library root, so nothing says it may run. Add its folder as a root and trust it.`,
    );
  if (!root.trusted)
    throw new SkillError(
      'PermissionDenied',
      `The command !\`${command}\` of skill "${skill.name}" comes from the root "${root.id}" (${root.path}), which you have not trusted. Trust the root to run its commands.`,
    );
  const folder = dirname(skill.sourcePath);
  const shell = commandShell(skill);
  const started = performance.now();
  const result = await runProcess({
    file: shell.file,
    args: shell.args(command),
    cwd: folder,
    // The shell expands these where the command uses them, quoted as the author quoted them.
    env: toolEnvironment({ CLAUDE_SKILL_DIR: folder, CLAUDE_SESSION_ID: PREVIEW_SESSION_VALUE }),
    timeoutMs: options.timeoutMs ?? BANG_COMMAND_TIMEOUT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
    what: `the command !\`${command}\` of skill "${skill.name}"`,
  });
  return {
    command,
    shell: shell.file,
    cwd: folder,
    stdout: result.stdout,
    stderr: result.stderr,
    exitCode: result.exitCode,
    durationMs: Math.round(performance.now() - started),
  };
}
