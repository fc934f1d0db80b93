// Owns what every editor of a form shares: the messages by pointer (a small store each field reads at its own
// pointer), the context (disabled, union picks, invalid text), and stable update functions for members.
import { createContext, useContext, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import type { JsonValue } from '../../../../shared/types.js';
import type { Field } from './field.js';

/** Applies a change to the latest value of a field (so a member never writes back a stale copy of its siblings). */
export type Update = (change: (prev: JsonValue | undefined) => JsonValue | undefined) => void;

const SEP = '\u0000';

/**
 * The messages of the form by JSON pointer: the validator's, and what fields report as not a value yet. Fields
 * subscribe to their own pointer, so new messages re-render only the fields whose messages changed.
 */
export class FormMessages {
  private listeners = new Set<() => void>();
  constructor(
    private errors: ReadonlyMap<string, string[]>,
    private invalid: ReadonlyMap<string, string>,
  ) {}
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  set(errors: ReadonlyMap<string, string[]>, invalid: ReadonlyMap<string, string>) {
    if (errors === this.errors && invalid === this.invalid) return;
    this.errors = errors;
    this.invalid = invalid;
    for (const l of this.listeners) l();
  }
  /** The validator's messages at a pointer, as one string (a stable snapshot). */
  errorsAt(pointer: string): string {
    return (this.errors.get(pointer) ?? []).join(SEP);
  }
  invalidAt(pointer: string): string | undefined {
    return this.invalid.get(pointer);
  }
  /** What a field shows: text that is not a value yet explains itself first, else the validator's messages. */
  messagesAt(pointer: string): string {
    return this.invalid.get(pointer) ?? this.errorsAt(pointer);
  }
}

export const split = (joined: string) => (joined ? joined.split(SEP) : []);

export interface FormContext {
  messages: FormMessages;
  /** A field whose text cannot become a value (bad JSON, not a number, a key used twice) reports it here. */
  setInvalid: (pointer: string, message: string | undefined) => void;
  disabled: boolean;
  /** The user's union picks by pointer, and the callback recording one. */
  picks: ReadonlyMap<string, number>;
  pick: (pointer: string, index: number) => void;
  /** The editor of one field, by its kind: composite editors render members through it, importing no dispatcher. */
  Field: ComponentType<EditorProps>;
}
export const Ctx = createContext<FormContext>({
  messages: new FormMessages(new Map(), new Map()),
  setInvalid: () => {},
  disabled: false,
  picks: new Map(),
  pick: () => {},
  Field: () => null,
});

export function useMessages(pointer: string): string[] {
  const { messages } = useContext(Ctx);
  return split(useSyncExternalStore(messages.subscribe, () => messages.messagesAt(pointer)));
}

/**
 * Stable update functions for the members of a container, one per key, made by `lift` (from the container's
 * update, its field and the key only) and rebuilt when the container's update or field changes.
 */
export function useMemberUpdates<K extends string | number>(
  update: Update,
  field: Field,
  lift: (key: K) => Update,
): (key: K) => Update {
  const cache = useMemo(() => new Map<K, Update>(), [update, field]);
  return (key: K) => {
    let u = cache.get(key);
    if (!u) {
      u = lift(key);
      cache.set(key, u);
    }
    return u;
  };
}

/** What every editor is given. */
export interface EditorProps {
  field: Field;
  value: JsonValue | undefined;
  /** Stable for as long as the field's place in the form is (see useMemberUpdates). */
  update: Update;
  pointer: string;
  /** The visible label ("" for none: the root, a union branch, a map value). */
  label: string;
  /** The accessible name when no label is shown. */
  name?: string;
  required: boolean;
  /** A property the enclosing union's selector already shows (the discriminator): not drawn again. */
  hide?: string;
}

/** The accessibility and state attributes a field's input carries (its id, required, invalid, described by). */
export type InputAria = Record<string, unknown>;

/** A scalar input: its field, the value shown, and a setter of the whole new value. */
export interface InputProps<F extends Field = Field> {
  field: F;
  value: JsonValue | undefined;
  set: (value: JsonValue | undefined) => void;
  aria: InputAria;
}
