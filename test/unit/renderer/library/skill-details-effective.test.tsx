// @vitest-environment jsdom
// Issue 11: the skill details show the effective value of every key for the selected profile, and the preview lists
// the !`command` lines Claude Code would run (never running them).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Host } from '../../../../electron/host/host.js';
import type { HostApi } from '../../../../shared/ipc.js';
import { listedEntry, type LibraryEntry } from '../../../../shared/types.js';
import { SkillDetails } from '../../../../renderer/src/library/SkillDetails.js';
import { PreviewView } from '../../../../renderer/src/preview/PreviewView.js';
import { FIXTURES, hostApi, loadFixture, REPO } from '../../../helpers.js';

const hosts: Host[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

/** A host that knows one loaded skill, answering `skills:get` for it as the real host does. */
const oneSkillHost = (entry: LibraryEntry): HostApi => ({
  invoke: (channel, request) =>
    channel === 'skills:get' && (request as { id: string }).id === entry.id
      ? (Promise.resolve({ ok: true, value: entry }) as never)
      : Promise.reject(new Error(`no ${channel} call expected`)),
  on: () => () => undefined,
});

/** The preview has the skill's instructions from the host. */
const previewShown = () => screen.findByRole('region', { name: 'Rendered instructions' });

/** A real host over a root holding the cc-commands fixture, trusted or not. */
async function commandsHost(trusted: boolean) {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-preview-'));
  cpSync(join(FIXTURES, 'skills', 'runtime', 'cc-commands'), join(root, 'cc-commands'), { recursive: true });
  const host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-preview-data-')),
    projectRoots: [root],
    watch: false,
  });
  hosts.push(host);
  const api: HostApi = hostApi(host);
  const roots = (await api.invoke('roots:list', {})) as {
    ok: true;
    value: Array<{ id: string; path: string }>;
  };
  const id = roots.value.find((r) => r.path === root)?.id ?? '';
  if (trusted) await api.invoke('roots:trust', { id, trusted: true });
  const entry = await api.invoke('skills:get', { id: `${id}/cc-commands` });
  if (!entry.ok) throw new Error(entry.error.message);
  // As the library list gives it (without the instructions, which the preview asks for: issue 14).
  return { api, entry: listedEntry(entry.value), folder: join(root, 'cc-commands') };
}

const runButton = (n: number) => screen.getByRole('button', { name: `Run in sandbox: command ${n}` });

const row = (key: string) =>
  within(screen.getByRole('region', { name: 'Effective values' }))
    .getByText(key)
    .closest('tr');

describe('skill details: effective values', () => {
  it('shows what the profile runtime uses, written or defaulted', () => {
    render(<SkillDetails entry={loadFixture('runtime/cc-yaml11', 'claude-code')} profile="claude-code" />);
    expect(screen.getByRole('heading', { name: /Effective values as Claude Code reads them/ })).toBeTruthy();
    expect(row('disable-model-invocation')?.textContent).toBe('disable-model-invocationtruewritten');
    // `user-invocable: yes` is written, though it equals Claude Code's default: the view says so.
    expect(row('user-invocable')?.textContent).toBe('user-invocabletruewritten');
  });

  it("uses clawft's defaults in the clawft profile", () => {
    render(<SkillDetails entry={loadFixture('runtime/clawft-defaults', 'clawft')} profile="clawft" />);
    expect(row('user-invocable')?.textContent).toBe('user-invocablefalsedefault');
  });
});

describe('preview: Claude Code commands', () => {
  it('lists each !`command` as one Claude Code would run, and substitutes the skill folder', async () => {
    const entry = loadFixture('runtime/cc-preview');
    render(<PreviewView host={oneSkillHost(entry)} entry={listedEntry(entry)} trusted />);
    await previewShown();
    const note = screen.getByRole('note', { name: 'Commands Claude Code would run' });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('code')?.textContent),
    ).toEqual(['git status --short', 'git branch --show-current']);
    expect(note.textContent).toMatch(/never runs them by itself/);
    expect(screen.getByRole('region', { name: 'Rendered instructions' }).textContent).toContain(
      `node ${entry.path.replace(/\/SKILL\.md$/, '')}/scripts/summary.js`,
    );
  });
});

describe('preview: running a command on request', () => {
  it('runs a saved command only when its button is pressed, and shows what it printed', async () => {
    const { api, entry, folder } = await commandsHost(true);
    render(<PreviewView host={api} entry={entry} trusted />);
    await previewShown();
    expect(screen.queryByRole('region', { name: 'Output of command 1' })).toBeNull();
    fireEvent.click(runButton(1));
    const output = await screen.findByRole('region', { name: 'Output of command 1' });
    expect(output.textContent).toContain(folder);
    expect(output.textContent).toMatch(/bash exited with 0/);
    fireEvent.click(runButton(5));
    const failed = await screen.findByRole('region', { name: 'Output of command 5' });
    expect(failed.textContent).toMatch(/exited with 3/);
    expect(failed.textContent).toContain('oops');
  });

  it('offers no run in a root the user has not trusted, and says why', async () => {
    const { api, entry } = await commandsHost(false);
    render(<PreviewView host={api} entry={entry} trusted={false} />);
    await previewShown();
    expect((runButton(1) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText(/Trust this folder to run its commands/).length).toBe(6);
  });

  it('runs only commands of the saved file: an unsaved new command asks to save first', async () => {
    const { api, entry } = await commandsHost(true);
    const unsaved = readFileSync(entry.path, 'utf8') + 'New: !`date`\n';
    render(<PreviewView host={api} entry={entry} trusted unsavedText={unsaved} />);
    await previewShown();
    expect((runButton(7) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Save the file to run this command/)).toBeTruthy();
    expect((runButton(1) as HTMLButtonElement).disabled).toBe(false);
  });
});
