// One modal dialog for the whole UI: labelled for screen readers, focus moved in on open (never onto a destructive
// button) and back on close, Escape cancels, Tab stays inside.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal.css';

export function Modal(props: {
  title: string;
  onCancel: () => void;
  children: ReactNode;
  actions: ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    // A field or a safe choice takes the focus, never a destructive one: Enter must not delete by default.
    const first =
      ref.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      ref.current?.querySelector<HTMLElement>('input, textarea, select, button:not(.danger)');
    first?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className={`modal${props.wide ? ' wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            props.onCancel();
          }
          if (e.key === 'Tab' && ref.current) {
            const items = [
              ...ref.current.querySelectorAll<HTMLElement>('button, input, select, textarea, [tabindex="0"]'),
            ].filter((el) => !el.hasAttribute('disabled'));
            const first = items[0];
            const last = items[items.length - 1];
            if (e.shiftKey && document.activeElement === first) {
              e.preventDefault();
              last?.focus();
            } else if (!e.shiftKey && document.activeElement === last) {
              e.preventDefault();
              first?.focus();
            }
          }
        }}
      >
        <h2 id={id}>{props.title}</h2>
        <div className="modal-body">{props.children}</div>
        <div className="modal-actions">{props.actions}</div>
      </div>
    </div>
  );
}
