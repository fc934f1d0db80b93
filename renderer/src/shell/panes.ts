// Owns how side panes (the library, the editor's files and frontmatter) give way in a narrow window: where there is
// room a pane is docked beside the work area, and the user's show/hide is remembered for the session; where there
// is not, it is a drawer over the work area, closed until asked for.
// Tested by: test/unit/renderer/shell/panes.test.tsx, test/e2e/layout.spec.ts
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Below this window width the library is a drawer (the work area keeps the whole window). */
export const LIBRARY_DOCK_MIN = 1024;

const storageKey = (id: string) => `skillbench.pane.${id}`;

function remembered(id: string): boolean | undefined {
  try {
    const v = sessionStorage.getItem(storageKey(id));
    return v === null ? undefined : v === 'shown';
  } catch {
    return undefined;
  }
}

function remember(id: string, shown: boolean): void {
  try {
    sessionStorage.setItem(storageKey(id), shown ? 'shown' : 'hidden');
  } catch {
    // Storage refused (a locked-down browser): the pane still toggles, it is just not remembered.
  }
}

export interface Pane {
  /** Beside the work area (true) or a drawer over it. */
  docked: boolean;
  shown: boolean;
  toggle: () => void;
  /** Closes a drawer (a docked pane stays as the user left it). */
  dismiss: () => void;
}

export function usePane(id: string, docked: boolean): Pane {
  const initial = () => (docked ? (remembered(id) ?? true) : false);
  const [state, setState] = useState(() => ({ docked, shown: initial() }));
  // Crossing the breakpoint resets the pane to what that mode starts with (adjusted while rendering, no flash).
  if (state.docked !== docked) setState({ docked, shown: initial() });
  const shown = state.docked === docked ? state.shown : initial();
  return {
    docked,
    shown,
    toggle: () => {
      if (docked) remember(id, !shown);
      setState({ docked, shown: !shown });
    },
    dismiss: () => {
      if (!docked) setState({ docked, shown: false });
    },
  };
}

/** Whether the window is at least `px` wide, following resizes. */
export function useWindowAtLeast(px: number): boolean {
  const query = `(min-width: ${px}px)`;
  const [matches, setMatches] = useState(() => typeof matchMedia !== 'function' || matchMedia(query).matches);
  useLayoutEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** An element's width, following resizes; Infinity until measured (and where nothing can measure, as in jsdom). */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(Infinity);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    setWidth(el.getBoundingClientRect().width);
    const observer = new ResizeObserver(() => setWidth(el.getBoundingClientRect().width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
