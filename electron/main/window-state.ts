// Owns remembering the window's size and position between launches, and fitting them to the displays there are now.
// Tested by: test/unit/electron/window.test.ts
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { windowStateFile } from '../core/app-data.js';
import { saveFileAtomically } from '../core/editor/save-file.js';
import { readJson } from '../../shared/json-read.js';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820 };

/** How much of the title bar must be on a display for the user to grab it. */
const GRAB_WIDTH = 100;
const TITLE_BAR_HEIGHT = 32;

export function loadWindowState(userData: string): WindowState {
  const file = windowStateFile(userData);
  if (!existsSync(file)) return { ...DEFAULT_WINDOW_STATE };
  try {
    const read = readJson(readFileSync(file, 'utf8'));
    const s = (read.ok ? read.value : {}) as unknown as WindowState;
    if (Number.isFinite(s.width) && Number.isFinite(s.height) && s.width >= 400 && s.height >= 300) return s;
  } catch {
    /* a broken file means defaults */
  }
  return { ...DEFAULT_WINDOW_STATE };
}

/**
 * A saved position is kept only while the window's title bar is on one of the displays' work areas (a monitor may
 * have been unplugged since); otherwise the OS places the window. A size larger than every display is shrunk.
 */
export function fitToDisplays(state: WindowState, workAreas: readonly Area[]): WindowState {
  const { x, y, ...rest } = state;
  const largest = workAreas.reduce<Area | undefined>(
    (a, b) => (!a || b.width * b.height > a.width * a.height ? b : a),
    undefined,
  );
  const fitted: WindowState = largest
    ? { ...rest, width: Math.min(rest.width, largest.width), height: Math.min(rest.height, largest.height) }
    : rest;
  if (x === undefined || y === undefined) return fitted;
  const titleBarVisible = workAreas.some((a) => {
    const overlap = Math.min(x + fitted.width, a.x + a.width) - Math.max(x, a.x);
    return (
      overlap >= Math.min(GRAB_WIDTH, fitted.width) && y >= a.y && y + TITLE_BAR_HEIGHT <= a.y + a.height
    );
  });
  return titleBarVisible ? { x, y, ...fitted } : fitted;
}

/**
 * Best effort: a full disk or an unwritable folder costs the remembered bounds, never an error. (This runs in a
 * window's close listener, where a throw would reach Electron's "error in the main process" dialog.)
 */
export function saveWindowState(userData: string, state: WindowState): void {
  const file = windowStateFile(userData);
  try {
    mkdirSync(dirname(file), { recursive: true });
    saveFileAtomically(file, `${JSON.stringify(state)}\n`);
  } catch (error) {
    console.warn(`Skillbench could not remember the window's bounds: ${(error as Error).message}`);
  }
}
