// Owns the list of configured model providers as the screens that pick one (the Evals tab, the Playground) read
// it: asked of the host once per mount; undefined while asked, empty when none is configured or the host failed.
import { useEffect, useState } from 'react';
import type { ProviderView } from '../../../shared/evals.js';
import type { HostApi } from '../../../shared/ipc.js';

export function useProviders(host: HostApi): ProviderView[] | undefined {
  const [providers, setProviders] = useState<ProviderView[]>();
  useEffect(() => {
    let stale = false;
    void host.invoke('evals:list-providers', {}).then((r) => {
      if (!stale) setProviders(r.ok ? r.value : []);
    });
    return () => {
      stale = true;
    };
  }, [host]);
  return providers;
}
