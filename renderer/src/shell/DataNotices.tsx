// Issue 12, "data that survives": a settings or history file that could not be read was moved aside, not lost;
// this non-modal banner says so, where the backup is, and goes away when the user has read it.
// Tested by: test/unit/renderer/shell/data-notices.test.tsx
import { useEffect, useState } from 'react';
import type { DataNotice } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';

export function DataNotices(props: { host: HostApi }) {
  const [notices, setNotices] = useState<DataNotice[]>([]);
  useEffect(() => {
    void props.host.invoke('app:get-notices', {}).then((r) => r.ok && setNotices(r.value));
  }, [props.host]);
  if (notices.length === 0) return null;
  return (
    <div className="banner data-notices" role="status" aria-label="Data notices">
      <ul>
        {notices.map((n) => (
          <li key={`${n.file}@${n.at}`}>
            {n.message} The old file is kept as <code>{n.backup}</code>.
          </li>
        ))}
      </ul>
      <button onClick={() => setNotices([])}>Dismiss</button>
    </div>
  );
}
