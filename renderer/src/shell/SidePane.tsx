// A side pane and its toggle (panes.ts decides docked or drawer). A drawer takes the focus when it opens; Escape or a
// click beside it closes it and gives the focus back to its toggle. A hidden pane stays mounted, so what was typed
// in it (a search, a scroll position) survives.
import { useEffect, useRef, type ReactNode } from 'react';
import type { Pane } from './panes.js';

export function SidePane(props: {
  pane: Pane;
  id: string;
  className: string;
  /** The side a drawer slides in from. */
  side?: 'left' | 'right';
  children: ReactNode;
}) {
  const { pane } = props;
  const ref = useRef<HTMLDivElement>(null);
  const drawerOpen = !pane.docked && pane.shown;
  useEffect(() => {
    if (!drawerOpen) return;
    const pane = ref.current;
    // A search box or a marked field first (what a drawer is opened for), else its first control.
    (
      pane?.querySelector<HTMLElement>('[data-autofocus], input[type="search"]') ??
      pane?.querySelector<HTMLElement>('input, button, select, textarea, [tabindex="0"]')
    )?.focus();
  }, [drawerOpen]);
  const close = () => {
    pane.dismiss();
    document.querySelector<HTMLElement>(`[aria-controls="${props.id}"]`)?.focus();
  };
  return (
    <>
      {drawerOpen ? <div className="pane-scrim" aria-hidden="true" onClick={close} /> : null}
      <div
        ref={ref}
        id={props.id}
        hidden={!pane.shown}
        className={`${props.className}${pane.docked ? '' : ` pane-drawer ${props.side ?? 'left'}`}`}
        onKeyDown={(e) => {
          if (drawerOpen && e.key === 'Escape' && !e.defaultPrevented) {
            e.stopPropagation();
            close();
          }
        }}
      >
        {props.children}
      </div>
    </>
  );
}

/** The button that shows or hides a side pane. */
export function PaneToggle(props: { pane: Pane; controls: string; label: string; title?: string }) {
  return (
    <button
      className="pane-toggle"
      aria-expanded={props.pane.shown}
      aria-controls={props.controls}
      title={props.title ?? `${props.pane.shown ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}
      onClick={props.pane.toggle}
    >
      {props.label}
    </button>
  );
}
