// The command bus in React: one bus per app in a context, handlers registered by the components that own them,
// and the two outside sources (the window's keys, the desktop menu) feeding the bus.
import { createContext, useContext, useEffect, useRef } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import { VIEWS, type ViewId } from '../../../shared/views.js';
import type { CommandBus } from './command-bus.js';
import { commandForKey, type CommandArgs, type CommandId } from './commands.js';

export const CommandBusContext = createContext<CommandBus | undefined>(undefined);

export function useCommandBus(): CommandBus {
  const bus = useContext(CommandBusContext);
  if (!bus) throw new Error('useCommandBus outside <CommandBusContext.Provider>.');
  return bus;
}

/**
 * `handler` carries out `id` while the component is mounted and `enabled`. The handler of the latest render is the
 * one called, so it may use fresh state without registering again.
 */
export function useCommand<C extends CommandId>(
  id: C,
  handler: (arg: CommandArgs[C]) => void,
  options: { enabled?: boolean; fallback?: boolean } = {},
): void {
  const bus = useCommandBus();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const { enabled = true, fallback = false } = options;
  useEffect(
    () => (enabled ? bus.register(id, (arg) => latest.current(arg), { fallback }) : undefined),
    [bus, id, enabled, fallback],
  );
}

/** The one window keydown handler (shortcuts) and the desktop menu's commands, both through the bus. */
export function useCommandSources(bus: CommandBus, host: HostApi): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const id = commandForKey(e);
      // A shortcut is consumed only when something carries it out (Ctrl/Cmd+Enter types on elsewhere).
      if (id && bus.dispatch(id)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    const offMenu = host.on('app:command', ({ command }) => bus.dispatch(command));
    return () => {
      window.removeEventListener('keydown', onKey);
      offMenu();
    };
  }, [bus, host]);
}

/** Every view of the table is a command (the menu's Go items, the palette, their shortcuts) that shows it. */
export function useViewCommands(show: (id: ViewId) => void): void {
  const bus = useCommandBus();
  useEffect(() => {
    const offs = VIEWS.map((v) => bus.register(v.id, () => show(v.id)));
    return () => offs.forEach((off) => off());
  }, [bus, show]);
}
