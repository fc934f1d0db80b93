// Owns who carries out each command right now. Features register handlers while they are mounted (the editor its
// save, the runner its run); the shell registers fallbacks (save everything). Dispatching calls one handler.
import { COMMANDS, type ArgsOf, type CommandArgs, type CommandId } from './commands.js';

type Handler<C extends CommandId> = (arg: CommandArgs[C]) => void;
interface Registration {
  handler: (arg: unknown) => void;
  fallback: boolean;
}

export class CommandBus {
  private readonly handlers = new Map<CommandId, Registration[]>();
  private readonly waiting = new Map<CommandId, unknown>();

  /**
   * `handler` carries out `id` until the returned function is called. The latest registration wins, except that a
   * `fallback` only acts while no other handler is registered.
   */
  register<C extends CommandId>(
    id: C,
    handler: Handler<C>,
    options: { fallback?: boolean } = {},
  ): () => void {
    const registration: Registration = {
      handler: handler as (arg: unknown) => void,
      fallback: options.fallback ?? false,
    };
    this.handlers.set(id, [...(this.handlers.get(id) ?? []), registration]);
    if (this.waiting.has(id)) {
      const arg = this.waiting.get(id);
      this.waiting.delete(id);
      registration.handler(arg);
    }
    return () =>
      this.handlers.set(
        id,
        (this.handlers.get(id) ?? []).filter((r) => r !== registration),
      );
  }

  private current(id: CommandId): Registration | undefined {
    const list = this.handlers.get(id) ?? [];
    return list.findLast((r) => !r.fallback) ?? list.at(-1);
  }

  /** Whether something carries out `id` now (`fallback: false`: something other than a fallback). */
  has(id: CommandId, options: { fallback?: boolean } = {}): boolean {
    const registration = this.current(id);
    return registration !== undefined && (options.fallback !== false || !registration.fallback);
  }

  /** Carries out `id`; false when nothing does (and the command does not wait for a handler). */
  dispatch<C extends CommandId>(id: C, ...args: ArgsOf<C>): boolean {
    const registration = this.current(id);
    if (registration) registration.handler(args[0]);
    else if (COMMANDS[id].waits) this.waiting.set(id, args[0]);
    else return false;
    return true;
  }
}
