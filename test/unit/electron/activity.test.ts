// Long work the user is not watching: the taskbar/Dock progress while runs, evals and installs go, and a notification
// when one ends while no window of ours has the focus. First the rules on a recording stand-in, then main's wiring on
// the fake electron (Notification, setProgressBar).
import { describe, expect, it, vi } from 'vitest';
import {
  Activity,
  LONG_RUN_MS,
  PROGRESS_INDETERMINATE,
  PROGRESS_NONE,
} from '../../../electron/main/activity.js';
import type { IpcResult } from '../../../shared/ipc.js';
import { launch } from './launch.js';

function recorder(watching = false) {
  let now = 0;
  const notes: Array<[string, string]> = [];
  const progress: number[] = [];
  const activity = new Activity({
    setProgress: (v) => progress.push(v),
    notify: (title, body) => notes.push([title, body]),
    watching: () => watching,
    now: () => now,
  });
  /** A call that ends after `ms` with `result`. */
  const call = async (channel: string, request: unknown, ms: number, result: IpcResult<unknown>) => {
    let settle!: (r: IpcResult<unknown>) => void;
    activity.observe(channel, request, new Promise((resolve) => (settle = resolve)));
    now += ms;
    settle(result);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { activity, notes, progress, call };
}

describe('notifications', () => {
  it('tell when an eval or install ends in the background, however long it took', async () => {
    const r = recorder();
    await r.call('evals:run-triggers', { runId: 'e1' }, 2_000, { ok: true, value: {} });
    await r.call('manage:install', {}, 500, {
      ok: false,
      error: { code: 'Io', message: 'git clone failed' },
    });
    expect(r.notes).toEqual([
      ['Trigger eval finished', 'After 2 s.'],
      ['Install failed', 'git clone failed'],
    ]);
  });

  it('tell about a tool run only when it was long, and say when its tool reported an error', async () => {
    const r = recorder();
    await r.call('tools:run', { runId: 't1', tool: 'wc' }, LONG_RUN_MS - 1, { ok: true, value: {} });
    expect(r.notes).toEqual([]);
    await r.call('tools:run', { runId: 't2', tool: 'wc' }, LONG_RUN_MS, {
      ok: true,
      value: { isError: true, output: 'boom' },
    });
    expect(r.notes).toEqual([['Tool run wc failed', 'After 10 s.']]);
  });

  it('stay quiet while the user is looking at the app, for a run they cancelled, and for short calls', async () => {
    const watched = recorder(true);
    await watched.call('evals:run-output', { runId: 'o1' }, 60_000, { ok: true, value: {} });
    const away = recorder();
    await away.call('evals:run-output', { runId: 'o2' }, 60_000, {
      ok: false,
      error: { code: 'Cancelled', message: 'cancelled' },
    });
    await away.call('skills:list', {}, 60_000, { ok: true, value: [] });
    expect([...watched.notes, ...away.notes]).toEqual([]);
  });
});

describe('taskbar and Dock progress', () => {
  it('is indeterminate while a run goes, a fraction once every run reports one, and removed at the end', async () => {
    const r = recorder();
    let end!: (v: IpcResult<unknown>) => void;
    r.activity.observe('evals:run-triggers', { runId: 'e1' }, new Promise((res) => (end = res)));
    expect(r.progress).toEqual([PROGRESS_INDETERMINATE]);
    r.activity.progress({ runId: 'e1', progress: 3, total: 12 });
    r.activity.progress({ runId: 'other', progress: 1, total: 2 });
    r.activity.progress({ runId: 'e1', progress: 1 });
    expect(r.progress).toEqual([PROGRESS_INDETERMINATE, 0.25]);
    end({ ok: true, value: {} });
    await vi.waitFor(() => expect(r.progress.at(-1)).toBe(PROGRESS_NONE));
  });
});

describe('in the app', () => {
  const failingEval = { runId: 'rt-1', skillId: 'missing', provider: 'missing' };

  it('an eval ending while the window is in the background notifies; clicking it brings the window back', async () => {
    const l = await launch();
    l.win().blur();
    await l.call('evals:run-triggers', failingEval);
    await vi.waitFor(() => expect(l.fake.notifications).toHaveLength(1));
    expect(l.fake.notifications[0]?.options.title).toBe('Trigger eval failed');
    expect(l.win().progress).toEqual([PROGRESS_INDETERMINATE, PROGRESS_NONE]);
    l.fake.notifications[0]!.click();
    expect(l.win().isFocused()).toBe(true);
    await l.handle.quit();
  });

  it('an eval ending while the window has the focus shows its progress but notifies nothing', async () => {
    const l = await launch();
    l.win().focus();
    await l.call('evals:run-triggers', failingEval);
    await vi.waitFor(() => expect(l.win().progress).toEqual([PROGRESS_INDETERMINATE, PROGRESS_NONE]));
    expect(l.fake.notifications).toEqual([]);
    await l.handle.quit();
  });

  it('no notification where the system has none', async () => {
    const l = await launch({
      before: (fake) => (fake.electron.Notification.isSupported = () => false),
    });
    l.win().blur();
    await l.call('evals:run-triggers', failingEval);
    await vi.waitFor(() => expect(l.win().progress.at(-1)).toBe(PROGRESS_NONE));
    expect(l.fake.notifications).toEqual([]);
    await l.handle.quit();
  });
});
