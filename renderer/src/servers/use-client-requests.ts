// The MCP client requests waiting for the user, kept apart from the cards that show them (ClientRequests.tsx) so
// the workbench follows them from its first chunk and loads the cards, with the schema form, only when one comes
// (issue 14: the initial JS budget).
// Tested by: test/unit/renderer/servers/client-requests.test.tsx
import { useEffect, useState } from 'react';
import type { McpClientRequestView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';

/** The requests waiting for the user: those already waiting when the window opened, then the events. */
export function useClientRequests(host: HostApi) {
  const [requests, setRequests] = useState<McpClientRequestView[]>([]);
  useEffect(() => {
    const offs = [
      host.on('mcp:request', (r) => setRequests((list) => [...list.filter((x) => x.id !== r.id), r])),
      host.on('mcp:request-settled', ({ id }) => setRequests((list) => list.filter((x) => x.id !== id))),
    ];
    void host.invoke('mcp:pending-requests', {}).then((r) => {
      if (r.ok)
        setRequests((list) => [...r.value, ...list.filter((x) => !r.value.some((v) => v.id === x.id))]);
    });
    return () => offs.forEach((off) => off());
  }, [host]);
  return requests;
}
