// Owns the keys of a composite widget (a listbox, a tablist): one Tab stop, arrows, Home and End move inside it.
// Listboxes keep the focus on the list (aria-activedescendant, rows may be windowed); tablists rove the tabindex.
// Tested by: test/unit/renderer/ui/roving-focus.test.tsx
import { useRef, type KeyboardEvent } from 'react';

export type Orientation = 'vertical' | 'horizontal';

const STEP: Record<Orientation, Record<string, number>> = {
  vertical: { ArrowDown: 1, ArrowUp: -1 },
  horizontal: { ArrowRight: 1, ArrowLeft: -1 },
};

/**
 * The index a key moves to from `at` among `count` items, or undefined when the key is not a move. Arrows stop at
 * the ends in a list and wrap in a tablist (as the ARIA practices suggest); `at` -1 means none is active yet.
 */
export function movedIndex(
  key: string,
  at: number,
  count: number,
  orientation: Orientation,
  skip: (index: number) => boolean = () => false,
): number | undefined {
  if (count === 0) return undefined;
  const wrap = orientation === 'horizontal';
  const firstFrom = (from: number, step: 1 | -1): number | undefined => {
    for (let i = from, n = 0; n < count; i += step, n++) {
      const index = wrap ? (i + count) % count : i;
      if (index < 0 || index >= count) return undefined;
      if (!skip(index)) return index;
    }
    return undefined;
  };
  if (key === 'Home') return firstFrom(0, 1);
  if (key === 'End') return firstFrom(count - 1, -1);
  const step = STEP[orientation][key];
  if (step === undefined) return undefined;
  if (at < 0) return firstFrom(step > 0 ? 0 : count - 1, step > 0 ? 1 : -1);
  return firstFrom(at + step, step > 0 ? 1 : -1) ?? at;
}

/**
 * A tablist's keys: ←/→/Home/End focus and choose the next tab (automatic activation), and only the chosen tab is
 * a Tab stop. Spread `tablist` on the list and `tab(id)` on each tab.
 */
export function useTablistKeys<T extends string>(
  ids: readonly T[],
  selected: T | undefined,
  choose: (id: T) => void,
  disabled: (id: T) => boolean = () => false,
) {
  const list = useRef<HTMLDivElement>(null);
  // With no tab chosen (a view outside the list), the first one is the list's Tab stop.
  const stop = selected !== undefined && ids.includes(selected) ? selected : ids[0];
  return {
    tablist: {
      ref: list,
      role: 'tablist' as const,
      onKeyDown: (e: KeyboardEvent) => {
        const at = ids.findIndex((id) => id === (e.target as HTMLElement).dataset.tab);
        const next = movedIndex(e.key, at, ids.length, 'horizontal', (i) => disabled(ids[i] as T));
        if (next === undefined || at < 0) return;
        e.preventDefault();
        const id = ids[next] as T;
        choose(id);
        const tabs = list.current?.querySelectorAll<HTMLElement>('[data-tab]') ?? [];
        [...tabs].find((t) => t.dataset.tab === id)?.focus();
      },
    },
    tab: (id: T) => ({
      role: 'tab' as const,
      'data-tab': id,
      'aria-selected': id === selected,
      tabIndex: id === stop ? 0 : -1,
    }),
  };
}
