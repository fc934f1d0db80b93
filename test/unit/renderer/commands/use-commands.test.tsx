// @vitest-environment jsdom
// The window's keys and the desktop menu reach the command bus through one listener each: one Ctrl/Cmd+S handler,
// the mounted editor's save winning over the shell's save-all.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandBus } from '../../../../renderer/src/commands/command-bus.js';
import {
  CommandBusContext,
  useCommand,
  useCommandBus,
  useCommandSources,
} from '../../../../renderer/src/commands/use-commands.js';
import type { EventName, HostApi } from '../../../../shared/ipc.js';

afterEach(cleanup);

/** A host whose only ability is to push `app:command` events, as the desktop menu does. */
function menuHost() {
  const listeners = new Set<(payload: unknown) => void>();
  const host = {
    invoke: () => Promise.reject(new Error('not used')),
    on: (event: EventName, listener: (payload: unknown) => void) => {
      if (event === 'app:command') listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as HostApi;
  return { host, menu: (command: string) => listeners.forEach((l) => l({ command })) };
}

function Shell(props: { host: HostApi; log: string[]; children?: ReactNode }) {
  useCommandSources(useCommandBus(), props.host);
  useCommand('save', () => props.log.push('save all'), { fallback: true });
  return <>{props.children}</>;
}
function Editor(props: { log: string[] }) {
  const [file] = useState('SKILL.md');
  useCommand('save', () => props.log.push(`save ${file}`));
  return null;
}

function mount(withEditor: boolean) {
  const log: string[] = [];
  const { host, menu } = menuHost();
  const bus = new CommandBus();
  const view = (editor: boolean) => (
    <CommandBusContext.Provider value={bus}>
      <Shell host={host} log={log}>
        {editor ? <Editor log={log} /> : null}
      </Shell>
    </CommandBusContext.Provider>
  );
  const r = render(view(withEditor));
  return { log, menu, toggle: (editor: boolean) => r.rerender(view(editor)) };
}

describe('command sources', () => {
  it('Ctrl/Cmd+S saves the open editor file, and everything when no editor is open', () => {
    const { log, toggle } = mount(true);
    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    toggle(false);
    fireEvent.keyDown(window, { key: 's', metaKey: true });
    expect(log).toEqual(['save SKILL.md', 'save all']);
  });

  it("the menu's Save goes the same way as the key", () => {
    const { log, menu } = mount(true);
    menu('save');
    expect(log).toEqual(['save SKILL.md']);
  });

  it('leaves a shortcut nobody carries out to the page', () => {
    mount(false);
    const event = new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
