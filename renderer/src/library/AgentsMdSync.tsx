// "Write AGENTS.md": lists the skills of the agents' folders in the project's AGENTS.md (openskills' block), so agents
// without native skills can find them; says what it wrote, or why it could not.
// Tested by: test/unit/renderer/library/agents-md-sync.test.tsx
import { useState } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry } from '../../../shared/types.js';

export function AgentsMdSync(props: { host: HostApi; entries: readonly ListedEntry[] }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string>();
  if (!props.entries.some((e) => e.readers?.length)) return null;
  const sync = async () => {
    setBusy(true);
    const r = await props.host.invoke('skills:sync-agents-md', {});
    setBusy(false);
    if (!r.ok) return setSaid(`Could not write AGENTS.md: ${r.error.message}`);
    const { skills, created, changed } = r.value;
    const list = `${skills.length} skill${skills.length === 1 ? '' : 's'}`;
    setSaid(
      `${!changed ? 'AGENTS.md is up to date' : created ? 'Created AGENTS.md' : 'Updated AGENTS.md'}: ${list}.`,
    );
  };
  return (
    <div className="agents-md-sync">
      <button
        className="link"
        disabled={busy}
        title="List the agents' skills in the project's AGENTS.md, for agents without native skills"
        onClick={() => void sync()}
      >
        {busy ? 'Writing AGENTS.md…' : 'Write AGENTS.md'}
      </button>
      {said ? (
        <span className="muted" role="status">
          {' '}
          {said}
        </span>
      ) : null}
    </div>
  );
}
