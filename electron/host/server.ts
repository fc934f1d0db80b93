// Owns serving the IPC contract generically (STYLE.md: "a generic server, handlers per area"): every request is
// checked against the contract's schema, dispatched to its handler, and answered with a value or an error value;
// events go to whoever subscribed. It knows no area: the handlers do.
// Tested by: test/integration/serve-serialise.test.ts
import { Ajv, type ValidateFunction } from 'ajv';
import {
  CONTRACT,
  type Channel,
  type EventName,
  type EventOf,
  type IpcResult,
  type RequestOf,
  type ResponseOf,
} from '../../shared/ipc.js';
import { SkillError } from '../../shared/errors.js';

export type Handler<C extends Channel> = (request: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;
/** One handler per channel: a missing one is a compile error where the host assembles them. */
export type Handlers = { [C in Channel]: Handler<C> };
/** The handlers of one area, e.g. `AreaHandlers<'history'>` for every `history:*` channel. */
export type AreaHandlers<Area extends string> = {
  [C in Channel as C extends `${Area}:${string}` ? C : never]: Handler<C>;
};

type Listener = (payload: unknown) => void;

export class HostServer {
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly listeners = new Map<EventName, Set<Listener>>();

  constructor(private readonly handlers: Handlers) {
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const [channel, spec] of Object.entries(CONTRACT))
      this.validators.set(channel, ajv.compile(spec.request));
  }

  /** The one entry point of every transport: checks the request, runs the handler, returns a value or an error value. */
  async handle(channel: string, request: unknown): Promise<IpcResult<unknown>> {
    const validate = this.validators.get(channel);
    if (!validate)
      return { ok: false, error: { code: 'NotFound', message: `Unknown channel "${channel}".` } };
    if (!validate(request ?? {})) {
      const details = (validate.errors ?? []).map((e) => ({
        path: e.instancePath || '(root)',
        message: e.message ?? 'is invalid',
      }));
      return {
        ok: false,
        error: {
          code: 'InvalidArgs',
          message: `Invalid request for ${channel}: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}.`,
          details,
        },
      };
    }
    try {
      const handler = this.handlers[channel as Channel] as (r: unknown) => unknown;
      return { ok: true, value: await handler(request ?? {}) };
    } catch (error) {
      return { ok: false, error: toSkillError(error, `Unexpected failure in ${channel}`, 'Io').toJSON() };
    }
  }

  on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener as Listener);
    this.listeners.set(event, set);
    return () => set.delete(listener as Listener);
  }

  /** Tells every listener; one that fails (a window that cannot be written to) never fails the emitter's work. */
  emit<E extends EventName>(event: E, payload: EventOf<E>): void {
    for (const l of this.listeners.get(event) ?? [])
      try {
        l(payload);
      } catch {
        // The listener's transport reports its own failures; the run or change that emitted goes on.
      }
  }
}

/** The one place an exception becomes an error value: SkillErrors as they are, anything else under `code`. */
export function toSkillError(error: unknown, context: string, code: 'Io' | 'ToolExecution'): SkillError {
  return error instanceof SkillError
    ? error
    : new SkillError(code, `${context}: ${(error as Error).message}`);
}
