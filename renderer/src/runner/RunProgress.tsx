// A run in progress, as the runner, the Servers view and the Evals tab show it: seconds so far, the latest progress message, and a
// bar when the host reports a total.
import type { useRun } from './use-run.js';

export function RunProgress(props: {
  call: Pick<ReturnType<typeof useRun>, 'running' | 'elapsed' | 'percent'>;
}) {
  const { call } = props;
  const message = call.running?.progress?.message;
  return (
    <span role="status" className="progress">
      Running… {call.elapsed.toFixed(1)} s {message ? `· ${message}` : ''}
      {call.percent !== undefined ? <progress max={100} value={call.percent} aria-label="Progress" /> : null}
    </span>
  );
}
