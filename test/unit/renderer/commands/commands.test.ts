// Which key triggers which command, and how the UI writes the shortcuts (README's table of shortcuts).
import { describe, expect, it } from 'vitest';
import { commandForKey, shortcutOf } from '../../../../renderer/src/commands/commands.js';

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean } = {}) =>
  commandForKey({ key, ctrlKey: !!mods.ctrl, metaKey: !!mods.meta, shiftKey: !!mods.shift });

describe('shortcuts', () => {
  it('maps Ctrl and Cmd alike', () => {
    expect(press('k', { ctrl: true })).toBe('palette');
    expect(press('k', { meta: true })).toBe('palette');
    expect(press('s', { ctrl: true })).toBe('save');
    expect(press('S', { ctrl: true, shift: true })).toBe('save');
    expect(press(',', { meta: true })).toBe('settings');
    expect(press('Enter', { ctrl: true })).toBe('run');
  });

  it('tells Ctrl/Cmd+N from Ctrl/Cmd+Shift+N, Ctrl/Cmd+Shift+H from Ctrl/Cmd+H, Ctrl/Cmd+Shift+P from Ctrl/Cmd+P', () => {
    expect(press('n', { ctrl: true })).toBe('new-skill');
    expect(press('N', { ctrl: true, shift: true })).toBeUndefined();
    expect(press('H', { ctrl: true, shift: true })).toBe('history');
    expect(press('h', { ctrl: true })).toBeUndefined();
    expect(press('P', { ctrl: true, shift: true })).toBe('playground');
    expect(press('p', { ctrl: true })).toBeUndefined();
  });

  it('leaves keys without the modifier to the page, except Esc', () => {
    expect(press('s')).toBeUndefined();
    expect(press('k')).toBeUndefined();
    expect(press('Enter')).toBeUndefined();
    expect(press('Escape')).toBe('cancel-run');
  });

  it('writes shortcuts as the README does', () => {
    expect(shortcutOf('palette')).toBe('Ctrl/Cmd+K');
    expect(shortcutOf('history')).toBe('Ctrl/Cmd+Shift+H');
    expect(shortcutOf('playground')).toBe('Ctrl/Cmd+Shift+P');
    expect(shortcutOf('settings')).toBe('Ctrl/Cmd+,');
    expect(shortcutOf('run')).toBe('Ctrl/Cmd+Enter');
    expect(shortcutOf('cancel-run')).toBe('Esc');
    expect(shortcutOf('save-all')).toBeUndefined();
  });
});
