// Runs the CLI in-process with captured streams, as the CLI tests need.
import { runCli } from '../../electron/cli/index.js';
import type { CliIo } from '../../electron/cli/io.js';
import { REPO } from '../helpers.js';

export async function runCaptured(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: REPO };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}
