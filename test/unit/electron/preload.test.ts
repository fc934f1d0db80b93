// The preload's bridge: one frozen object, one method per channel, typed subscriptions; built from the contract's
// names alone (shared/ipc-names.ts), which must list exactly the contract's channels and events.
import { describe, expect, it } from 'vitest';
import { CHANNELS, EVENTS, methodName } from '../../../shared/ipc.js';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../../shared/ipc-names.js';
import { buildBridge } from '../../../electron/preload/bridge.js';

function fakeIpc() {
  const invoked: Array<[string, unknown]> = [];
  const listeners = new Map<string, Set<(e: unknown, p: unknown) => void>>();
  return {
    invoked,
    listeners,
    invoke: (channel: string, request: unknown) => (
      invoked.push([channel, request]),
      Promise.resolve({ ok: true, value: channel })
    ),
    on: (channel: string, fn: (e: unknown, p: unknown) => void) =>
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(fn)),
    removeListener: (channel: string, fn: (e: unknown, p: unknown) => void) =>
      listeners.get(channel)?.delete(fn),
  };
}

describe('preload bridge', () => {
  it('is one frozen object with one method per contract entry, plus on()', async () => {
    const ipc = fakeIpc();
    const bridge = buildBridge(ipc);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.keys(bridge).sort()).toEqual([...CHANNELS.map(methodName), 'on', 'pathForFile'].sort());
    expect(await (bridge.skillsSaveFile as (r: unknown) => Promise<unknown>)({ path: '/x' })).toEqual({
      ok: true,
      value: 'skills:save-file',
    });
    expect(ipc.invoked).toEqual([['skills:save-file', { path: '/x' }]]);
    expect(bridge).not.toHaveProperty('invoke');
  });

  it('subscribes to known events only, returning an unsubscribe function', () => {
    const ipc = fakeIpc();
    const bridge = buildBridge(ipc) as { on(event: string, fn: (p: unknown) => void): () => void };
    const got: unknown[] = [];
    const off = bridge.on('runs:finished', (p) => got.push(p));
    for (const fn of ipc.listeners.get('runs:finished') ?? []) fn({ sender: 'hidden' }, { runId: 'x' });
    expect(got).toEqual([{ runId: 'x' }]);
    off();
    expect(ipc.listeners.get('runs:finished')?.size).toBe(0);
    expect(() => bridge.on('ipc:anything', () => undefined)).toThrow(/Unknown event/);
  });

  it('gives the path of a dropped file through webUtils, and an empty one for anything else', () => {
    const dropped = { name: 'skills' };
    const webUtils = {
      getPathForFile: (file: object) => {
        if (file !== dropped) throw new TypeError('Expected a File');
        return '/home/me/skills';
      },
    };
    const bridge = buildBridge(fakeIpc(), webUtils) as { pathForFile(file: unknown): string };
    expect(bridge.pathForFile(dropped)).toBe('/home/me/skills');
    expect(bridge.pathForFile({ name: 'forged' })).toBe('');
    expect((buildBridge(fakeIpc()) as { pathForFile(file: unknown): string }).pathForFile(dropped)).toBe('');
  });

  it("is built from names that are exactly the contract's channels and events", () => {
    expect([...CHANNEL_NAMES].sort()).toEqual([...CHANNELS].sort());
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(EVENTS).sort());
  });
});
