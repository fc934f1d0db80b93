// What the palette offers from the command bus: the commands something carries out now (not a mere fallback),
// in the registry's order, with their shortcuts.
import { describe, expect, it } from 'vitest';
import { CommandBus } from '../../../../renderer/src/commands/command-bus.js';
import { commandItems } from '../../../../renderer/src/palette/CommandPalette.js';

describe('commandItems', () => {
  it('offers "Save the file" only while the editor carries it out, and runs what it offers through the bus', () => {
    const bus = new CommandBus();
    const calls: string[] = [];
    for (const id of ['new-skill', 'history', 'settings', 'save-all'] as const)
      bus.register(id, () => calls.push(id));
    bus.register('save', () => calls.push('save all'), { fallback: true });
    bus.register('palette', () => calls.push('palette'));
    expect(commandItems(bus).map((c) => [c.label, c.hint])).toEqual([
      ['New skill…', 'Ctrl/Cmd+N'],
      ['Show history', 'Ctrl/Cmd+Shift+H'],
      ['Open settings', 'Ctrl/Cmd+,'],
      ['Save all unsaved files', undefined],
    ]);
    const off = bus.register('save', () => calls.push('save file'));
    const items = commandItems(bus);
    expect(items.map((c) => c.label)).toContain('Save the file');
    items.find((c) => c.label === 'Save the file')?.run();
    off();
    expect(calls).toEqual(['save file']);
  });
});
