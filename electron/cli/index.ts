// The `skillbench` command: parses arguments, dispatches to a command, maps failures to exit codes (0 ok, 1 findings, 2 usage).
import { parseArgs } from 'node:util';
import { packageVersion } from '../core/paths.js';
import { runList, runPrompt } from './commands/list.js';
import { runValidate } from './commands/validate.js';
import { processIo, UsageError, type CliIo } from './io.js';
import { LIBRARY_OPTIONS } from './library-args.js';

export const USAGE = `Usage: skillbench <command> [options]

Commands:
  validate [PATH...]   Check every skill manifest; exit 1 when any error is found
      --profile NAME     portable | claude-code | skillbench (default)
      --format FORMAT    text (default) | json
      --with-bundled     also load the bundled example skills
  list [PATH...]       List the skills found, their status, format and tools
      --format FORMAT    text (default) | json
  prompt [PATH...]     Print the <available_skills> catalog a client would give a model

Without PATH, commands use the bundled example skills.
Options: --help, --version
`;

const COMMANDS = {
  validate: runValidate,
  list: runList,
  prompt: runPrompt,
} as const;

export function runCli(argv: string[], io: CliIo = processIo): number {
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-v') {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    if (!Object.prototype.hasOwnProperty.call(COMMANDS, command))
      throw new UsageError(`Unknown command "${command}".`);
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...LIBRARY_OPTIONS, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      io.stdout(USAGE);
      return 0;
    }
    return COMMANDS[command as keyof typeof COMMANDS](
      {
        paths: positionals,
        profile: values.profile,
        withBundled: values['with-bundled'],
        format: values.format,
      },
      io,
    );
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`skillbench: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    io.stderr(`skillbench: unexpected failure: ${(error as Error).stack ?? String(error)}\n`);
    return 70;
  }
}
