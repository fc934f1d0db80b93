// The window's first show and its remembered bounds (issue 19): shown only once its page painted (maximized or
// not), a saved position used only where a display is now, and a disk error while saving never reaching
// Electron's error dialog.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_WINDOW_STATE, fitToDisplays, saveWindowState } from '../../../electron/main/window-state.js';
import { DEFAULT_DISPLAY, type FakeDisplay, type FakeElectron } from '../../fakes/electron.js';
import { launch } from './launch.js';

const saveState = (state: object) => (fake: FakeElectron) => {
  const dir = fake.app.getPath('userData');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'window-state.json'), JSON.stringify(state));
};
const RIGHT_DISPLAY: FakeDisplay = {
  id: 2,
  bounds: { x: 1920, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1920, y: 0, width: 2560, height: 1400 },
};

describe('the window', () => {
  it('shows a restored maximized window only after its page painted (no flash of the background)', async () => {
    const l = await launch({
      autoPaint: false,
      before: saveState({ x: 10, y: 40, width: 1000, height: 700, maximized: true }),
    });
    expect(l.win().isVisible()).toBe(false);
    l.win().paint();
    expect(l.win().isVisible()).toBe(true);
    expect(l.win().isMaximized()).toBe(true);
    expect(l.win().shownBeforePaint).toBe(false);
    await l.handle.quit();
  });

  it('shows a normal window on its first paint', async () => {
    const l = await launch({ autoPaint: false });
    expect(l.win().isVisible()).toBe(false);
    l.win().paint();
    expect(l.win().isVisible()).toBe(true);
    expect(l.win().isMaximized()).toBe(false);
    await l.handle.quit();
  });

  it("keeps a disk error while saving the window state out of Electron's error dialog", async () => {
    const l = await launch();
    // A folder where the state file belongs: the atomic rename onto it fails.
    mkdirSync(join(l.fake.app.getPath('userData'), 'window-state.json', 'x'), { recursive: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    l.win().close();
    expect(l.fake.mainProcessErrors).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('drops a saved position that is on no current display (the monitor was unplugged)', async () => {
    const l = await launch({ before: saveState({ x: 3000, y: 200, width: 1000, height: 700 }) });
    expect(l.win().options).not.toHaveProperty('x');
    expect(l.win().options).not.toHaveProperty('y');
    expect(l.win().options).toMatchObject({ width: 1000, height: 700 });
    await l.handle.quit();
  });

  it('keeps a saved position on a second display that is still there', async () => {
    const l = await launch({
      displays: [DEFAULT_DISPLAY, RIGHT_DISPLAY],
      before: saveState({ x: 3000, y: 200, width: 1000, height: 700 }),
    });
    expect(l.win().options).toMatchObject({ x: 3000, y: 200, width: 1000, height: 700 });
    await l.handle.quit();
  });
});

describe('fitToDisplays', () => {
  const areas = [DEFAULT_DISPLAY.workArea];
  it('keeps a window whose title bar is on a display', () => {
    expect(fitToDisplays({ x: 1500, y: 900, width: 1000, height: 700 }, areas)).toEqual({
      x: 1500,
      y: 900,
      width: 1000,
      height: 700,
    });
  });
  it('drops a position whose title bar is off every display, above or beside', () => {
    expect(fitToDisplays({ x: 100, y: -600, width: 800, height: 500 }, areas)).toEqual({
      width: 800,
      height: 500,
    });
    expect(fitToDisplays({ x: -1500, y: 100, width: 800, height: 500 }, areas)).toEqual({
      width: 800,
      height: 500,
    });
  });
  it('shrinks a window larger than every display to the largest work area', () => {
    expect(fitToDisplays({ width: 5000, height: 3000, maximized: true }, areas)).toEqual({
      width: 1920,
      height: 1055,
      maximized: true,
    });
  });
  it('saving into a folder that cannot be written reports and returns instead of throwing', () => {
    expect(() => saveWindowState('/dev/null/skillbench', DEFAULT_WINDOW_STATE)).not.toThrow();
  });
});
