// Owns the settings the whole app follows: loaded from the host, replaced by what the host saved, and the theme
// they choose (light, dark, or the system's), applied to the document.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';

function useSystemDark(): boolean {
  const query = useMemo(() => window.matchMedia('(prefers-color-scheme: dark)'), []);
  return useSyncExternalStore(
    (cb) => {
      query.addEventListener('change', cb);
      return () => query.removeEventListener('change', cb);
    },
    () => query.matches,
  );
}

export function useSettings(host: HostApi) {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  useEffect(() => {
    void host.invoke('settings:get', {}).then((r) => r.ok && setSettings(r.value));
  }, [host]);

  const systemDark = useSystemDark();
  const theme = settings.theme === 'system' ? (systemDark ? 'dark' : 'light') : settings.theme;
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  /** Saves a change; the settings follow what the host kept. */
  const save = useCallback(
    async (patch: Partial<Settings>) => {
      const r = await host.invoke('settings:set', { settings: patch });
      if (r.ok) setSettings(r.value);
      return r;
    },
    [host],
  );

  return { settings, theme, save, setSettings };
}
