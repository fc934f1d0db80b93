// A run stopped by its budget, said plainly above its results (issue 15): which limit, what the run used, how much
// of it finished (the core's stop line), and what to do about the rest.
import { STOPPED_PREFIX } from '../../../shared/evals.js';

export function BudgetStop(props: { message: string }) {
  return (
    <div className="budget-stop" role="status" aria-label="Stopped by the budget">
      <strong>Stopped by the budget:</strong>{' '}
      {props.message.startsWith(STOPPED_PREFIX) ? props.message.slice(STOPPED_PREFIX.length) : props.message}{' '}
      <span className="muted">
        What did not run is marked skipped; raise or clear the limit and run again.
      </span>
    </div>
  );
}
