// The `script` kind: runs a file of the skill's folder (never outside it) with the args as JSON on stdin and as
// {{arg}} words in its argument list; no shell is involved.
import { extname } from 'node:path';
import { realPathInside } from '../../fs-confine.js';
import { runProcess, toolEnvironment } from '../process-runner.js';
import { renderArgv } from '../templates.js';
import { schemaFromArgs, type ToolKindModule } from './kind.js';
import { processOutput } from './process-output.js';

/** How a script is started, by extension; anything else must be executable itself. */
function interpreterFor(path: string): string[] {
  switch (extname(path).toLowerCase()) {
    case '.js':
    case '.mjs':
    case '.cjs':
      // Under Electron, process.execPath is the app, not Node: use the node on PATH there.
      return [process.versions.electron ? 'node' : process.execPath];
    case '.py':
      return [process.platform === 'win32' ? 'python' : 'python3'];
    case '.sh':
      return ['sh'];
    case '.ps1':
      return ['powershell', '-NoProfile', '-ExecutionPolicy', 'Bypass', '-File'];
    default:
      return [];
  }
}

export function resolveScript(folder: string, file: string, what: string): string {
  return realPathInside(folder, file, what, `the script "${file}"`, "only the skill's own files run");
}

export const scriptKind: ToolKindModule = {
  targetSchema: (tool) => schemaFromArgs(tool),
  toolType: (tool, timeoutMs) => ({
    type: 'script',
    path: renderArgv(tool.command ?? '', {})[0] ?? '',
    timeoutMs,
  }),
  async run(ctx) {
    const [file = '', ...rest] = renderArgv(ctx.tool.command ?? '', ctx.args);
    const script = resolveScript(ctx.folder, file, ctx.what);
    const [interpreter, ...interpreterArgs] = interpreterFor(script);
    const result = await runProcess({
      file: interpreter ?? script,
      args: interpreter ? [...interpreterArgs, script, ...rest] : rest,
      cwd: ctx.folder,
      env: toolEnvironment(),
      stdin: JSON.stringify(ctx.args),
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      what: ctx.what,
    });
    return processOutput(result);
  },
};
