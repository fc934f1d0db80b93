// The `shell` kind: a command line template run by the platform shell (or, when it is plain words, as a program
// with its argument list), with values passed as environment variables so they can never inject shell syntax.
import { runProcess, toolEnvironment } from '../process-runner.js';
import {
  describeTemplateProblem,
  planShellCommand,
  shellDialect,
  shellTemplateProblems,
} from '../templates.js';
import { SkillError } from '../../../../shared/errors.js';
import { ALLOW_EVAL_KEY, shellOptionProblems, withDashes } from '../shell-options.js';
import { declaredArgsOf, schemaFromArgs, stringFields, type ToolKindModule } from './kind.js';
import { processOutput } from './process-output.js';
import { fieldOrEntryPath, finding, label, pathOf, str } from './tool-entry.js';

export const shellKind: ToolKindModule = {
  readFields: (raw) => ({
    ...stringFields(raw, 'command'),
    ...(raw.allowShellEval === true ? { allowShellEval: true } : {}),
  }),
  describe: (tool) => tool.command ?? '',
  runsLocalCode: () => true,

  targetSchema: (tool) => schemaFromArgs(tool),
  knownSchema: (tool) => schemaFromArgs(tool),
  toolType: (tool, timeoutMs) => ({ type: 'shell', command: tool.command ?? '', timeoutMs }),
  async run(ctx) {
    // The manifest rule reports these as errors; the run refuses them too, so a skill run unvalidated cannot skip it.
    const template = ctx.tool.command ?? '';
    const found =
      shellDialect() === 'sh' ? shellOptionProblems(template, ctx.tool.allowShellEval === true) : [];
    const refused = found.find((p) => p.severity === 'error');
    if (refused)
      throw new SkillError(
        'ConfigValidation',
        `The command template lets a value run code, so it was not run: at ${describeTemplateProblem(refused)}. Fix the template in the manifest.`,
        { code: refused.code, line: refused.line, column: refused.column },
      );
    const { file, args, env, verbatimArguments } = planShellCommand(ctx.tool.command ?? '', ctx.args);
    const result = await runProcess({
      file,
      args,
      verbatimArguments,
      cwd: ctx.folder,
      env: toolEnvironment(env),
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      what: ctx.what,
      onOutput: ctx.onProgress && ((m) => ctx.onProgress?.({ message: m })),
    });
    return processOutput(result);
  },

  manifestCodes: [
    'tool-field-missing',
    'tool-shell-template',
    'tool-shell-powershell',
    'tool-shell-option',
    'tool-shell-eval',
  ],
  checkEntry(e, ctx) {
    const command = str(e, 'command');
    if (command?.trim()) {
      const dialect = shellDialect();
      const found = shellTemplateProblems(command, dialect).map((p) =>
        finding(
          pathOf(e, 'command'),
          'error',
          'tool-shell-template',
          `${label(e)}: the command cannot pass every value to ${dialect === 'cmd' ? 'cmd.exe' : 'sh'} as exactly one word, at ${describeTemplateProblem(p)}.`,
        ),
      );
      if (dialect === 'sh')
        for (const p of shellOptionProblems(command, e.fields.get(ALLOW_EVAL_KEY)?.[1] === true))
          found.push(
            finding(
              pathOf(e, 'command'),
              p.severity,
              p.code,
              `${label(e)}: at ${describeTemplateProblem(p)}.`,
              p.insertDashes === undefined
                ? undefined
                : { title: 'Insert -- before the value', value: withDashes(command, p.insertDashes) },
            ),
          );
      // `shell: powershell` is Claude Code's shell for !`command` lines; a shell tool's template is not PowerShell.
      if (ctx.fields?.get('shell')?.value === 'powershell')
        found.push(
          finding(
            pathOf(e, 'command'),
            'warning',
            'tool-shell-powershell',
            `${label(e)}: this skill sets \`shell: powershell\`, which applies to its !\`command\` lines only; a shell tool's command runs in sh (cmd.exe on Windows), never in PowerShell. For PowerShell, make it a \`script\` tool running a .ps1 file (each value is passed as one argument).`,
          ),
        );
      return found;
    }
    const message = `${label(e)} is a shell tool without a \`command\`. Give the command line, with {{arg}} placeholders.`;
    return [finding(fieldOrEntryPath(e, 'command'), 'error', 'tool-field-missing', message)];
  },
  declaredArgs: (e) => declaredArgsOf(e),
  templateFields: ['command'],
  rawShell(e) {
    // A command that is nothing but one placeholder runs whatever the model writes.
    const command = str(e, 'command')?.trim();
    if (command === undefined || !/^\{\{\s*[\w-]+\s*\}\}$/.test(command)) return undefined;
    return {
      path: e.path,
      advice: 'write the fixed part of the command and leave only the arguments as {{placeholders}}.',
    };
  },
};
