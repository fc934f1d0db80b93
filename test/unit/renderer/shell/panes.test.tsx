// @vitest-environment jsdom
// Side panes: docked, shown until hidden and remembered for the session; as a drawer, closed until asked for.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePane } from '../../../../renderer/src/shell/panes.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('a side pane', () => {
  it('is shown when docked, and a hide is remembered for the session', () => {
    const first = renderHook(() => usePane('files', true));
    expect(first.result.current.shown).toBe(true);
    act(() => first.result.current.toggle());
    expect(first.result.current.shown).toBe(false);
    first.unmount();
    const again = renderHook(() => usePane('files', true));
    expect(again.result.current.shown).toBe(false);
    expect(renderHook(() => usePane('frontmatter', true)).result.current.shown).toBe(true);
  });

  it('is a closed drawer where there is no room, opened by its toggle and closed by dismiss', () => {
    const { result } = renderHook(() => usePane('library', false));
    expect(result.current).toMatchObject({ docked: false, shown: false });
    act(() => result.current.toggle());
    expect(result.current.shown).toBe(true);
    act(() => result.current.dismiss());
    expect(result.current.shown).toBe(false);
  });

  it('does not remember a drawer as hidden for when it docks again, and dismiss leaves a docked pane alone', () => {
    const { result, rerender } = renderHook(({ docked }) => usePane('library', docked), {
      initialProps: { docked: false },
    });
    act(() => result.current.toggle());
    act(() => result.current.toggle());
    rerender({ docked: true });
    expect(result.current).toMatchObject({ docked: true, shown: true });
    act(() => result.current.dismiss());
    expect(result.current.shown).toBe(true);
    rerender({ docked: false });
    expect(result.current.shown).toBe(false);
  });
});
