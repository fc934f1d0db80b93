// @vitest-environment jsdom
// The keyboard's focus model: a listbox and a tablist are each one Tab stop; arrows, Home and End move inside. In a
// list the arrows stop at the ends and only Enter opens a row; in a tablist they wrap and choose the tab.
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLibrary } from '../../../../electron/core/skills/library.js';
import { listedEntry } from '../../../../shared/types.js';
import { VIEWS, type ViewId } from '../../../../shared/views.js';
import { LibraryPanel } from '../../../../renderer/src/library/LibraryPanel.js';
import { TopBar } from '../../../../renderer/src/shell/TopBar.js';
import { movedIndex } from '../../../../renderer/src/ui/roving-focus.js';
import { REPO } from '../../../helpers.js';

afterEach(cleanup);

const entries = loadLibrary([{ path: join(REPO, 'skills'), kind: 'bundled' }]).entries.map(listedEntry);

describe('movedIndex', () => {
  it('moves down and up a list and stops at its ends', () => {
    expect(movedIndex('ArrowDown', 0, 3, 'vertical')).toBe(1);
    expect(movedIndex('ArrowDown', 2, 3, 'vertical')).toBe(2);
    expect(movedIndex('ArrowUp', 0, 3, 'vertical')).toBe(0);
    expect(movedIndex('ArrowDown', -1, 3, 'vertical')).toBe(0);
    expect(movedIndex('ArrowRight', 0, 3, 'vertical')).toBeUndefined();
  });

  it('wraps along a tablist, jumps with Home and End, and passes over disabled tabs', () => {
    expect(movedIndex('ArrowRight', 2, 3, 'horizontal')).toBe(0);
    expect(movedIndex('ArrowLeft', 0, 3, 'horizontal')).toBe(2);
    expect(movedIndex('End', 0, 3, 'horizontal')).toBe(2);
    expect(movedIndex('Home', 2, 3, 'horizontal')).toBe(0);
    expect(movedIndex('ArrowRight', 0, 4, 'horizontal', (i) => i === 1 || i === 2)).toBe(3);
    expect(movedIndex('End', 0, 4, 'horizontal', (i) => i === 3)).toBe(2);
    expect(movedIndex('ArrowDown', 0, 0, 'vertical')).toBeUndefined();
  });
});

describe('the library list', () => {
  function Library() {
    const [selected, setSelected] = useState<string>();
    return <LibraryPanel entries={entries} selected={selected} onSelect={setSelected} />;
  }

  it('is one Tab stop whose arrows move the active row, and Enter opens it', () => {
    render(<Library />);
    const list = screen.getByRole('listbox', { name: 'Skills' });
    const rows = within(list).getAllByRole('option');
    expect(rows.length).toBeGreaterThan(3);
    expect(list.tabIndex).toBe(0);
    expect(rows.filter((r) => r.hasAttribute('tabindex'))).toEqual([]);
    const active = () => document.getElementById(list.getAttribute('aria-activedescendant') ?? '');

    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(active()).toBe(rows[1]);
    expect(within(list).queryAllByRole('option', { selected: true })).toEqual([]);
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(rows[1]?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(list, { key: 'End' });
    expect(active()).toBe(rows[rows.length - 1]);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(active()).toBe(rows[rows.length - 1]);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(active()).toBe(rows[0]);
    fireEvent.keyDown(list, { key: ' ' });
    expect(rows[0]?.getAttribute('aria-selected')).toBe('true');
  });
});

describe('a tablist (the top bar)', () => {
  function Bar() {
    const [view, setView] = useState<ViewId>('servers');
    return (
      <TopBar
        view={view === 'skill' ? { kind: view, tab: 'overview' } : { kind: view }}
        onShow={setView}
        unsaved={0}
        onPalette={() => {}}
      />
    );
  }

  it('has one Tab stop, the chosen tab; arrows, Home and End choose and focus another', () => {
    render(<Bar />);
    const tabs = within(screen.getByRole('tablist', { name: 'Views' })).getAllByRole('tab');
    const stops = () => tabs.filter((t) => t.tabIndex === 0).map((t) => t.textContent);
    expect(stops()).toEqual(['Servers']);
    const chosen = () => screen.getByRole('tab', { selected: true }).textContent;

    tabs[1]?.focus();
    fireEvent.keyDown(tabs[1]!, { key: 'ArrowRight' });
    expect(chosen()).toBe(VIEWS[2].label);
    expect(document.activeElement).toBe(tabs[2]);
    expect(stops()).toEqual([VIEWS[2].label]);
    fireEvent.keyDown(tabs[2]!, { key: 'End' });
    expect(chosen()).toBe(VIEWS.at(-1)?.label);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(chosen()).toBe(VIEWS[0].label);
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(chosen()).toBe(VIEWS.at(-1)?.label);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(chosen()).toBe(VIEWS[0].label);
  });
});
