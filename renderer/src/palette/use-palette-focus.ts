// Where the focus goes when the palette closes: back where it was (the modal restores it), or to the view a command
// opened; never left on <body>, where the next Tab would start again from the top of the page.
// Tested by: test/unit/renderer/palette/use-palette-focus.test.tsx
import { useEffect, useRef, type RefObject } from 'react';

/** A view's own tab names it best (the skill's tab, else the top bar's); a view without one takes its region. */
const VIEW_TAB = ['[aria-label="Skill views"]', '[aria-label="Views"]'].map(
  (list) => `[role="tablist"]${list} [role="tab"][aria-selected="true"]`,
);

function focusView(main: HTMLElement) {
  const tab = VIEW_TAB.map((s) => main.querySelector<HTMLElement>(s)).find(Boolean);
  (tab ?? main).focus();
}

/**
 * `open` is whether the palette shows, `view` names the view on screen, and `main` holds the views (focusable with
 * tabIndex -1). Runs after the modal's own restore: a command that opened a dialog keeps the dialog's focus.
 */
export function usePaletteFocus(open: boolean, view: string, main: RefObject<HTMLElement | null>): void {
  const viewWhenOpened = useRef<string>(undefined);
  useEffect(() => {
    if (open) {
      viewWhenOpened.current ??= view;
      return;
    }
    const before = viewWhenOpened.current;
    viewWhenOpened.current = undefined;
    if (before === undefined || !main.current) return;
    const focused = document.activeElement;
    if (focused?.closest('[role="dialog"]')) return;
    if (before !== view || !focused || focused === document.body) focusView(main.current);
  }, [open, view, main]);
}
