// @vitest-environment jsdom
// Issue 12: a settings or history file that could not be read was moved aside; the app says so in a banner that
// names the backup, until the user dismisses it. Against a real host over a data folder with a broken settings file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostApi } from '../../../../shared/ipc.js';
import { Host } from '../../../../electron/host/host.js';
import { DataNotices } from '../../../../renderer/src/shell/DataNotices.js';
import { hostApi, REPO } from '../../../helpers.js';

afterEach(cleanup);

describe('data notices', () => {
  it('shows that a broken settings file was moved aside, with the backup, until dismissed', async () => {
    const data = mkdtempSync(join(tmpdir(), 'skillbench-notices-'));
    writeFileSync(join(data, 'settings.json'), '{ "roots": [ , }');
    const host = new Host({ bundledSkills: join(REPO, 'skills'), userDataDir: data, watch: false });
    const api: HostApi = hostApi(host);
    render(<DataNotices host={api} />);
    const banner = await screen.findByRole('status', { name: 'Data notices' });
    expect(banner.textContent).toMatch(/settings\.json could not be read/);
    expect(banner.textContent).toMatch(/settings\.json\.broken-/);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status', { name: 'Data notices' })).toBeNull();
    await host.close();
  });
});
