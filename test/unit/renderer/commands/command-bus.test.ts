// Who carries out a command: the feature that registered last, the shell's fallback otherwise, and a replay that
// waits for the runner still loading.
import { describe, expect, it } from 'vitest';
import { CommandBus } from '../../../../renderer/src/commands/command-bus.js';
import type { Replay } from '../../../../renderer/src/commands/commands.js';

describe('CommandBus', () => {
  it('calls exactly one handler: a feature before the fallback, whatever the order they registered in', () => {
    const bus = new CommandBus();
    const calls: string[] = [];
    const offEditor = bus.register('save', () => calls.push('editor'));
    bus.register('save', () => calls.push('save all'), { fallback: true });
    expect(bus.dispatch('save')).toBe(true);
    expect(bus.has('save', { fallback: false })).toBe(true);
    offEditor();
    expect(bus.dispatch('save')).toBe(true);
    expect(calls).toEqual(['editor', 'save all']);
    expect(bus.has('save')).toBe(true);
    expect(bus.has('save', { fallback: false })).toBe(false);
  });

  it('gives a command back to the previous handler when the latest one leaves', () => {
    const bus = new CommandBus();
    const calls: string[] = [];
    bus.register('run', () => calls.push('first'));
    const off = bus.register('run', () => calls.push('second'));
    bus.dispatch('run');
    off();
    bus.dispatch('run');
    expect(calls).toEqual(['second', 'first']);
  });

  it('reports a command nothing carries out, so its key stays with the page', () => {
    const bus = new CommandBus();
    expect(bus.has('cancel-run')).toBe(false);
    expect(bus.dispatch('cancel-run')).toBe(false);
    const off = bus.register('cancel-run', () => {});
    expect(bus.has('cancel-run')).toBe(true);
    off();
    expect(bus.has('cancel-run')).toBe(false);
  });

  it('keeps a replay until the runner registers, and hands it over once', () => {
    const bus = new CommandBus();
    const replay: Replay = { skillId: 'lib/demo', tool: 'say', args: { text: 'hi' } };
    expect(bus.dispatch('replay-run', replay)).toBe(true);
    const got: Replay[] = [];
    const off = bus.register('replay-run', (r) => got.push(r));
    off();
    bus.register('replay-run', (r) => got.push(r));
    expect(got).toEqual([replay]);
  });
});
