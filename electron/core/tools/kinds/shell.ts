// The `shell` kind: a command line template run by the platform shell, with values passed as environment
// variables so they can never inject shell syntax.
import { runProcess, toolEnvironment } from '../process-runner.js';
import { renderShellCommand } from '../templates.js';
import { declaredArgsOf, schemaFromArgs, type ToolKindModule } from './kind.js';
import { processOutput } from './process-output.js';
import { fieldOrEntryPath, finding, label, str } from './tool-entry.js';

export function shellInvocation(command: string): { file: string; args: string[] } {
  return process.platform === 'win32'
    ? { file: process.env.ComSpec ?? 'cmd.exe', args: ['/d', '/s', '/v:on', '/c', `"${command}"`] }
    : { file: '/bin/sh', args: ['-c', command] };
}

export const shellKind: ToolKindModule = {
  targetSchema: (tool) => schemaFromArgs(tool),
  toolType: (tool, timeoutMs) => ({ type: 'shell', command: tool.command ?? '', timeoutMs }),
  async run(ctx) {
    const { command, env } = renderShellCommand(ctx.tool.command ?? '', ctx.args);
    const { file, args } = shellInvocation(command);
    const result = await runProcess({
      file,
      args,
      cwd: ctx.folder,
      env: toolEnvironment(env),
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      what: ctx.what,
      onOutput: ctx.onProgress && ((m) => ctx.onProgress?.({ message: m })),
    });
    return processOutput(result);
  },

  manifestCodes: ['tool-field-missing'],
  checkEntry(e) {
    if (str(e, 'command')?.trim()) return [];
    const message = `${label(e)} is a shell tool without a \`command\`. Give the command line, with {{arg}} placeholders.`;
    return [finding(fieldOrEntryPath(e, 'command'), 'error', 'tool-field-missing', message)];
  },
  declaredArgs: (e) => declaredArgsOf(e),
  templateFields: ['command'],
};
