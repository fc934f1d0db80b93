// @vitest-environment jsdom
// One table of views (shared/views.ts) drives every list of them: the top bar, the command palette and the desktop
// menu's Go items list exactly its rows, in its order, with its labels and shortcuts, and each one shows its view.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { menuTemplate, type MenuActions } from '../../../../electron/main/menu.js';
import type { AppCommand } from '../../../../shared/ipc.js';
import { VIEWS } from '../../../../shared/views.js';
import { CommandBus } from '../../../../renderer/src/commands/command-bus.js';
import { shortcutOf } from '../../../../renderer/src/commands/commands.js';
import { CommandBusContext, useViewCommands } from '../../../../renderer/src/commands/use-commands.js';
import { commandItems } from '../../../../renderer/src/palette/CommandPalette.js';
import { TopBar } from '../../../../renderer/src/shell/TopBar.js';

afterEach(cleanup);

const ids = VIEWS.map((v) => v.id);

describe('the view table', () => {
  it('has rows, each with its own id', () => {
    expect(ids.length).toBeGreaterThan(3);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is the top bar: one tab per row, showing that view', () => {
    const shown: string[] = [];
    render(
      <TopBar view={{ kind: 'servers' }} onShow={(id) => shown.push(id)} unsaved={0} onPalette={() => {}} />,
    );
    const bar = within(screen.getByRole('navigation', { name: 'Workbench' }));
    const buttons = within(bar.getByRole('tablist', { name: 'Views' })).getAllByRole('tab');
    expect(buttons.map((b) => b.textContent)).toEqual(VIEWS.map((v) => v.label));
    expect(bar.getAllByRole('tab', { selected: true }).map((b) => b.textContent)).toEqual(['Servers']);
    for (const b of buttons) fireEvent.click(b);
    expect(shown).toEqual(ids);
  });

  it('is the palette: one command per row, with the shortcut the menu shows, showing that view', () => {
    const bus = new CommandBus();
    const shown: string[] = [];
    function Views(): ReactNode {
      useViewCommands((id) => shown.push(id));
      return null;
    }
    render(
      <CommandBusContext.Provider value={bus}>
        <Views />
      </CommandBusContext.Provider>,
    );
    const items = commandItems(bus);
    expect(items.map((i) => i.label)).toEqual(VIEWS.map((v) => v.palette));
    expect(items.map((i) => i.hint)).toEqual(ids.map((id) => shortcutOf(id)));
    for (const i of items) i.run();
    expect(shown).toEqual(ids);
  });

  it("is the menu's Go items after the palette: one per row, with its accelerator, sending its command", () => {
    const sent: AppCommand[] = [];
    const actions: MenuActions = {
      addRoot: () => {},
      reload: () => {},
      reloadPage: () => {},
      checkForUpdates: () => {},
      showLogs: () => {},
      about: () => {},
      command: (c) => sent.push(c),
    };
    type Item = { label?: string; accelerator?: string; click?: () => void; submenu?: unknown };
    const go = (menuTemplate(actions, false) as Item[]).find((m) => m.label === 'Go');
    const items = (go?.submenu as Item[]).slice(1);
    expect(items.map((i) => i.label)).toEqual(VIEWS.map((v) => v.label));
    expect(items.map((i) => i.accelerator)).toEqual(
      VIEWS.map((v) => ('accelerator' in v ? v.accelerator : undefined)),
    );
    for (const i of items) i.click?.();
    expect(sent).toEqual(ids);
  });
});
