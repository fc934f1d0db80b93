// Owns turning a finished process into a ToolOutput: stdout as text (or stderr when stdout is empty), JSON stdout
// as structured output, a non-zero exit as an error.
import { OUTPUT_CAP_BYTES } from '../../../../shared/units.js';
import type { ProcessResult } from '../process-runner.js';
import { parseStructured, type KindResult } from './kind.js';

export function processOutput(result: ProcessResult): KindResult {
  const failed = result.exitCode !== 0;
  const text = result.stdout || (failed ? result.stderr : '');
  const out: KindResult = {
    output: text || (failed ? `exited with code ${String(result.exitCode ?? result.signal)}` : ''),
    isError: failed,
    content: [{ type: 'text', text }],
    stderr: result.stderr,
  };
  if (result.exitCode !== null) out.exitCode = result.exitCode;
  const shown = result.stdout ? 'stdout' : failed ? 'stderr' : undefined;
  if (shown && result.truncated[shown])
    out.truncated = { atBytes: OUTPUT_CAP_BYTES, totalBytes: result.written[shown] };
  const structured = result.truncated.stdout ? undefined : parseStructured(result.stdout);
  if (structured !== undefined) out.structured = structured;
  return out;
}
