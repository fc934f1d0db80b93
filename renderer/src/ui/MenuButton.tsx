// The one menu button (WAI-ARIA menu button pattern): where a header has no room for its actions they move into
// it. Arrow keys, Home and End move between items, Enter or a click picks one, Escape closes and gives the focus
// back to the button, Tab or a click elsewhere closes.
// Tested by: test/unit/renderer/ui/menu-button.test.tsx
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './menu.css';

export interface MenuItem {
  label: string;
  onSelect(): void;
  disabled?: boolean;
}

export function MenuButton(props: { label: string; items: MenuItem[]; text?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // The first item takes the focus when the menu opens, as the pattern says.
  useEffect(() => {
    if (open) focusItem(0);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (e.key in move) {
      e.preventDefault();
      focusItem(move[e.key] ?? 0);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  return (
    <div className="menu-button">
      <button
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={props.label}
        title={props.label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {props.text ?? '⋯'}
      </button>
      {open ? (
        <ul ref={menu} id={id} role="menu" aria-label={props.label} className="menu" onKeyDown={onMenuKey}>
          {props.items.map((item) => (
            <li
              key={item.label}
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabled || undefined}
              onClick={() => {
                if (item.disabled) return;
                close(true);
                item.onSelect();
              }}
              onKeyDown={(e) => {
                if ((e.key === 'Enter' || e.key === ' ') && !item.disabled) {
                  e.preventDefault();
                  close(true);
                  item.onSelect();
                }
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
