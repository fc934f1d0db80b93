// Owns remembering the window's size and position between launches.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { saveFileAtomically } from '../core/editor/save-file.js';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820 };

export function loadWindowState(userData: string): WindowState {
  const file = join(userData, 'window-state.json');
  if (!existsSync(file)) return { ...DEFAULT_WINDOW_STATE };
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as WindowState;
    if (Number.isFinite(s.width) && Number.isFinite(s.height) && s.width >= 400 && s.height >= 300) return s;
  } catch {
    /* a broken file means defaults */
  }
  return { ...DEFAULT_WINDOW_STATE };
}

export function saveWindowState(userData: string, state: WindowState): void {
  const file = join(userData, 'window-state.json');
  mkdirSync(dirname(file), { recursive: true });
  saveFileAtomically(file, `${JSON.stringify(state)}\n`);
}
