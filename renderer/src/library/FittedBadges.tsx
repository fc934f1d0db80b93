// A row's badges on one line: as many as fit, in order, then one "+N" whose title and accessible name list the rest,
// so a narrow row never shows a badge cut in half. Widths are measured once per set of badges and kept, so a resize
// refits without showing the hidden ones again.
import { useLayoutEffect, useRef, useState } from 'react';

export interface BadgeItem {
  key: string;
  label: string;
  /** Classes besides `badge` (`error`, `warning`, `agent`, `state-…`). */
  className?: string;
  title?: string;
  /** A badge that already stands for several ("+3"): the labels it stands for, counted and listed when folded. */
  folds?: readonly string[];
}

/** Room kept for the "+N" badge when the real one has not been measured yet. */
const PLUS_GUESS = 28;

/**
 * How many badges fit, in order, in `room` pixels with `gap` between them, keeping room for a "+N" badge
 * (`plusWidth`) when any are left out. Unknown room (0, as before layout) fits them all.
 */
export function badgesThatFit(
  widths: readonly number[],
  room: number,
  gap: number,
  plusWidth: number,
): number {
  if (room <= 0) return widths.length;
  const total = widths.reduce((sum, w, i) => sum + w + (i ? gap : 0), 0);
  if (total <= room) return widths.length;
  let used = 0;
  let fit = 0;
  for (const [i, w] of widths.entries()) {
    const next = used + (i ? gap : 0) + w;
    if (next + gap + plusWidth > room) break;
    used = next;
    fit = i + 1;
  }
  return fit;
}

/** What the "+N" stands for: the count and the labels of the badges left out. */
export function foldedOf(items: readonly BadgeItem[]): { count: number; labels: string[] } {
  const labels = items.flatMap((b) => b.folds ?? [b.label]);
  return { count: labels.length, labels };
}

export function FittedBadges(props: { items: readonly BadgeItem[] }) {
  const { items } = props;
  const box = useRef<HTMLSpanElement>(null);
  const widths = useRef<Map<string, number>>(new Map());
  const signature = items.map((b) => `${b.key}\u0000${b.label}`).join('\u0001');
  const [fit, setFit] = useState<{ signature: string; count: number }>();
  const shown = fit?.signature === signature ? fit.count : items.length;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      for (const child of el.children) {
        const key = (child as HTMLElement).dataset.badge;
        if (key !== undefined && (child as HTMLElement).offsetWidth > 0)
          widths.current.set(key, (child as HTMLElement).offsetWidth);
      }
      const plus = el.querySelector<HTMLElement>('[data-plus]')?.offsetWidth || PLUS_GUESS;
      const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
      const count = badgesThatFit(
        items.map((b) => widths.current.get(b.key) ?? 0),
        el.clientWidth,
        gap,
        plus,
      );
      setFit((f) => (f?.signature === signature && f.count === count ? f : { signature, count }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
    // `signature` stands for `items`: a new array with the same badges needs no new measure.
  }, [signature]);

  const rest = foldedOf(items.slice(shown));
  return (
    <span className="badges" ref={box}>
      {items.slice(0, shown).map((b) => (
        <span
          key={b.key}
          data-badge={b.key}
          className={b.className ? `badge ${b.className}` : 'badge'}
          {...(b.title ? { title: b.title } : {})}
        >
          {b.label}
        </span>
      ))}
      {rest.count > 0 && (
        <span className="badge more" data-plus title={rest.labels.join(', ')}>
          <span aria-hidden="true">+{rest.count}</span>
          <span className="sr-only">
            {rest.count} more: {rest.labels.join(', ')}
          </span>
        </span>
      )}
    </span>
  );
}
