// The `` !`command` `` lines of a skill (issue 11): Claude Code runs each before the prompt and puts its output in its
// place. Skillbench lists them and runs one only when its button is pressed: as written in the saved file, in a
// trusted root, in the tool sandbox (the skill's folder, a cleared environment, a 10 s timeout).
import { useState } from 'react';
import type { CommandRunView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';

type Outcome = { ok: true; run: CommandRunView } | { ok: false; message: string } | 'running';

export function CommandList(props: {
  host: HostApi;
  skillId: string;
  /** The commands as Claude Code would run them (placeholders substituted). */
  commands: string[];
  /** The same commands as written in the text shown (the editor's, when unsaved). */
  written: string[];
  /** The commands of the saved manifest: only these run. */
  saved: string[];
  trusted: boolean;
}) {
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const run = async (index: number, command: string) => {
    setOutcomes((o) => ({ ...o, [index]: 'running' }));
    const r = await props.host.invoke('skills:run-command', { id: props.skillId, command });
    setOutcomes((o) => ({
      ...o,
      [index]: r.ok ? { ok: true, run: r.value } : { ok: false, message: r.error.message },
    }));
  };
  return (
    <div role="note" aria-label="Commands Claude Code would run" className="bang-commands">
      <p className="muted small-text">
        Claude Code runs these commands before the prompt and puts their output in place of each{' '}
        <code>!`…`</code>. Skillbench never runs them by itself; a Run button runs one as written in the saved
        file, in the skill&apos;s folder, with a cleared environment and a 10 s timeout.
      </p>
      <ul className="small-text">
        {props.commands.map((shown, i) => {
          const written = props.written.length === props.commands.length ? props.written[i] : undefined;
          const why = !props.trusted
            ? 'Trust this folder to run its commands.'
            : written === undefined || !props.saved.includes(written)
              ? 'Save the file to run this command.'
              : undefined;
          const outcome = outcomes[i];
          // The name starts with the visible label (voice control users say what they see), then which command.
          const label = outcome === 'running' ? 'Running…' : 'Run in sandbox';
          return (
            <li key={i}>
              <code>{shown}</code>{' '}
              <button
                className="small"
                disabled={why !== undefined || outcome === 'running'}
                title={why}
                aria-label={`${label}: command ${i + 1}`}
                onClick={() => written !== undefined && void run(i, written)}
              >
                {label}
              </button>
              {why ? <span className="muted"> {why}</span> : null}
              {outcome && outcome !== 'running' ? <CommandOutcome outcome={outcome} index={i} /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function CommandOutcome({ outcome, index }: { outcome: Exclude<Outcome, 'running'>; index: number }) {
  if (!outcome.ok)
    return (
      <p className="problem" role="alert">
        {outcome.message}
      </p>
    );
  const { run } = outcome;
  return (
    <div role="region" aria-label={`Output of command ${index + 1}`}>
      <p className={run.exitCode === 0 ? 'muted' : 'sev-warning'}>
        {run.shell} exited with {run.exitCode ?? 'a signal'} in {run.durationMs} ms (in {run.cwd})
      </p>
      <pre className="rendered">{run.stdout || '(no output)'}</pre>
      {run.stderr ? <pre className="rendered sev-warning">{run.stderr}</pre> : null}
    </div>
  );
}
