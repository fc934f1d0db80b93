// The `script` kind: runs a file of the skill's folder (never outside it) with the args as JSON on stdin and as
// {{arg}} words in its argument list; no shell is involved.
import { extname } from 'node:path';
import { splitShellWords } from '../../../../shared/syntax/shell-words.js';
import { locateInside, realPathInside } from '../../fs/confine.js';
import { POWERSHELL, runProcess, toolEnvironment } from '../process-runner.js';
import { renderArgv } from '../templates.js';
import { declaredArgsOf, schemaFromArgs, stringFields, type ToolKindModule } from './kind.js';
import { processOutput } from './process-output.js';
import {
  fieldOrEntryPath,
  finding,
  label,
  pathOf,
  str,
  type EntryCheckContext,
  type EntryFinding,
  type ToolEntry,
} from './tool-entry.js';

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
      return [POWERSHELL, '-NoProfile', '-ExecutionPolicy', 'Bypass', '-File'];
    default:
      return [];
  }
}

export function resolveScript(folder: string, file: string, what: string): string {
  return realPathInside(folder, file, what, `the script "${file}"`, "only the skill's own files run");
}

export const scriptKind: ToolKindModule = {
  readFields: (raw) => stringFields(raw, 'command'),
  describe: (tool) => tool.command ?? '',
  runsLocalCode: () => true,

  targetSchema: (tool) => schemaFromArgs(tool),
  knownSchema: (tool) => schemaFromArgs(tool),
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

  manifestCodes: ['tool-field-missing', 'tool-script-outside', 'tool-script-missing'],
  checkEntry(e, ctx) {
    const command = str(e, 'command');
    if (command?.trim()) return checkScriptFile(e, ctx, command);
    const message = `${label(e)} is a script tool without a \`command\`. Give the path of a script in the skill folder, e.g. \`scripts/run.py\`.`;
    return [finding(fieldOrEntryPath(e, 'command'), 'error', 'tool-field-missing', message)];
  },
  declaredArgs: (e) => declaredArgsOf(e),
  templateFields: ['command'],
};

/**
 * The script a manifest names exists inside the skill folder, found as the run finds it: the first word as the run
 * splits the command, confined by its real path (a placeholder in the path is checked at run time).
 */
function checkScriptFile(e: ToolEntry, ctx: EntryCheckContext, command: string): EntryFinding[] {
  const file = splitShellWords(command, { substitute: () => PLACEHOLDER_MARK })[0] ?? '';
  if (file.includes(PLACEHOLDER_MARK)) return [];
  const found = locateInside(ctx.folderPath, file);
  if ('real' in found) return [];
  if (found.problem === 'outside') {
    const message = `${label(e)}: the script "${file}" is outside the skill folder; a script tool may only run files of its skill. Move the script into the skill (e.g. scripts/).`;
    return [finding(pathOf(e, 'command'), 'error', 'tool-script-outside', message)];
  }
  const message = `${label(e)}: the script "${file}" does not exist in the skill folder. Create it or fix the path.`;
  return [finding(pathOf(e, 'command'), 'error', 'tool-script-missing', message)];
}

/** Stands for a placeholder's value while the manifest is checked: no path holds it. */
const PLACEHOLDER_MARK = '\0';
