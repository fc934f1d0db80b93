// Owns one of a server's lists (tools, resources, templates, prompts) page by page: the first page on open, the
// next one on request with the server's cursor.
import { useCallback, useEffect, useState } from 'react';
import type { McpPage } from '../../../shared/host-types.js';
import type { HostApi, ResponseOf } from '../../../shared/ipc.js';

type ListChannel = 'mcp:list-tools' | 'mcp:list-resources' | 'mcp:list-templates' | 'mcp:list-prompts';
type ItemOf<C extends ListChannel> = ResponseOf<C> extends McpPage<infer T> ? T : never;

export function usePagedList<C extends ListChannel>(host: HostApi, channel: C, server: string) {
  const [items, setItems] = useState<Array<ItemOf<C>>>([]);
  const [nextCursor, setNextCursor] = useState<string>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (cursor: string | undefined, live: () => boolean = () => true) => {
      setLoading(true);
      const r = await host.invoke(channel, { name: server, ...(cursor ? { cursor } : {}) });
      if (!live()) return;
      setLoading(false);
      if (!r.ok) return setError(r.error.message);
      setError(undefined);
      const page = r.value as McpPage<ItemOf<C>>;
      setItems((before) => (cursor ? [...before, ...page.items] : page.items));
      setNextCursor(page.nextCursor);
    },
    [host, channel, server],
  );

  useEffect(() => {
    let live = true;
    setItems([]);
    setNextCursor(undefined);
    void load(undefined, () => live);
    return () => {
      live = false;
    };
  }, [load]);

  return {
    items,
    nextCursor,
    error,
    loading,
    /** The next page, appended. */
    more: () => void load(nextCursor),
    reload: () => void load(undefined),
  };
}
