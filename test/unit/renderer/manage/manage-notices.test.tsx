// @vitest-environment jsdom
// Issue 17: an install killed mid-way left a skill moved aside; the first request of the app's start puts it back,
// and the app says so in a non-modal banner until dismissed. Against a real host over a project with those leftovers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostApi } from '../../../../shared/ipc.js';
import { Host } from '../../../../electron/host/host.js';
import { ManageNotices } from '../../../../renderer/src/manage/ManageNotices.js';
import { useManage } from '../../../../renderer/src/manage/use-manage.js';
import { hostApi, REPO } from '../../../helpers.js';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

function Notices(props: { host: HostApi }) {
  const manage = useManage(props.host);
  return <ManageNotices notices={manage.notices} onDismiss={() => manage.store.dismissNotices()} />;
}

describe('install notices', () => {
  it('say what was done with a killed install’s leftovers, until dismissed', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'skillbench-manage-notices-'));
    const project = join(tmp, 'project');
    vi.stubEnv('SKILLBENCH_HOME', join(tmp, 'home'));
    vi.stubEnv('XDG_DATA_HOME', join(tmp, 'data'));
    // Left by an install killed between its two renames (its process id no longer runs).
    const aside = join(project, '.agents', '.skillbench-staging-2147483646-0badf00d', '0-notes.previous');
    mkdirSync(aside, { recursive: true });
    writeFileSync(join(aside, 'SKILL.md'), '---\nname: notes\ndescription: mine\n---\n');
    mkdirSync(join(project, '.agents', 'skills'));
    const host = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: join(tmp, 'app-data'),
      projectRoots: [project],
      watch: false,
    });
    const api: HostApi = hostApi(host);
    try {
      render(<Notices host={api} />);
      const banner = await screen.findByRole('status', { name: 'Install notices' });
      expect(banner.textContent).toContain(
        `An interrupted install had moved ${join(project, '.agents', 'skills', 'notes')} aside; it is back in its place.`,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('status', { name: 'Install notices' })).toBeNull();
    } finally {
      await host.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
