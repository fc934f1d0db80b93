// Owns the arguments typed into tool forms for the whole session, per scope (a skill, or an MCP server) and tool,
// with the union branches picked and the tool last selected: the runner unmounts with its tab, and what was typed
// must come back with it (after a tool switch, a view switch or another skill).
import type { JsonValue } from '../../../shared/types.js';

/** One scope's state; a new object whenever it changes (a snapshot for useSyncExternalStore). */
export interface ScopeArgs {
  /** The arguments of each tool the user touched (a tool not here starts from its schema's defaults). */
  readonly values: Readonly<Record<string, JsonValue | undefined>>;
  /** The union branches picked, by JSON pointer, per tool. */
  readonly picks: Readonly<Record<string, ReadonlyMap<string, number>>>;
  /** The tool last selected. */
  readonly selected?: string;
}

const EMPTY: ScopeArgs = { values: {}, picks: {} };

export class ArgsStore {
  private readonly scopes = new Map<string, ScopeArgs>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(scope: string): ScopeArgs {
    return this.scopes.get(scope) ?? EMPTY;
  }

  setValue(scope: string, tool: string, value: JsonValue | undefined): void {
    const s = this.get(scope);
    this.put(scope, { ...s, values: { ...s.values, [tool]: value } });
  }

  /** Arguments loaded from elsewhere (a replay): they pick their own branches. */
  load(scope: string, tool: string, value: JsonValue | undefined): void {
    const s = this.get(scope);
    this.put(scope, {
      ...s,
      values: { ...s.values, [tool]: value },
      picks: { ...s.picks, [tool]: new Map() },
    });
  }

  pick(scope: string, tool: string, pointer: string, index: number): void {
    const s = this.get(scope);
    this.put(scope, { ...s, picks: { ...s.picks, [tool]: new Map(s.picks[tool]).set(pointer, index) } });
  }

  select(scope: string, tool: string): void {
    const s = this.get(scope);
    if (s.selected !== tool) this.put(scope, { ...s, selected: tool });
  }

  private put(scope: string, next: ScopeArgs): void {
    this.scopes.set(scope, next);
    for (const l of this.listeners) l();
  }
}

/** The renderer's one store: it lives as long as the page. */
export const sessionArgs = new ArgsStore();
