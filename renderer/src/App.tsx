// The workbench shell: the library on the left, the selected skill on the right. Editor and runner come next.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LibraryEntry } from '../../shared/types.js';
import { pickHost } from './host/index.js';
import { LibraryPanel } from './library/LibraryPanel.js';
import { SkillDetails } from './library/SkillDetails.js';

export function App() {
  const host = useMemo(() => pickHost(), []);
  const [entries, setEntries] = useState<LibraryEntry[]>([]);
  const [selected, setSelected] = useState<string>();
  const [problem, setProblem] = useState<string>();

  const load = useCallback(async () => {
    const result = await host.invoke('skills:list', {});
    if (result.ok) {
      setEntries(result.value.entries);
      setProblem(undefined);
    } else setProblem(result.error.message);
  }, [host]);

  useEffect(() => {
    void load();
    return host.on('skills:changed', () => void load());
  }, [host, load]);

  return (
    <div className="app">
      <LibraryPanel entries={entries} selected={selected} onSelect={setSelected} />
      <main>
        {problem ? (
          <p className="problem" role="alert">
            {problem}
          </p>
        ) : (
          <SkillDetails entry={entries.find((e) => e.id === selected && e.status !== 'excluded')} />
        )}
      </main>
    </div>
  );
}
