// The form a tool's schema gets, drawn from the normaliser's fields. It holds no copy of the value: what it shows
// is the value it was given, and every edit hands the whole new value up (the form never sends what it does not
// show). Which union branch is shown is state held by the caller (the user's pick wins; see shownBranch).
// A keystroke re-renders only the fields on the path to the one it changes (issue 13's keystroke budget): every
// field is memoised, each member gets a stable function that applies its change to the latest value, and the
// messages reach the fields through a small store that each field reads at its own pointer.
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { escapeToken } from '../../../../shared/json-pointer.js';
import type { JsonValue } from '../../../../shared/types.js';
import { blankValue, itemBlank, propertyField, shownBranch } from './form-state.js';
import { withEntry, withItem, withProperty, withTupleItem } from './form-edits.js';
import { type Field } from './field.js';
import './schema-form.css';

type Obj = { [key: string]: JsonValue };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies a change to the latest value of a field (so a member never writes back a stale copy of its siblings). */
type Update = (change: (prev: JsonValue | undefined) => JsonValue | undefined) => void;

const SEP = '\u0000';

/**
 * The messages of the form by JSON pointer: the validator's, and what fields report as not a value yet. Fields
 * subscribe to their own pointer, so new messages re-render only the fields whose messages changed.
 */
class FormMessages {
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

const split = (joined: string) => (joined ? joined.split(SEP) : []);

interface FormContext {
  messages: FormMessages;
  /** A field whose text cannot become a value (bad JSON, not a number, a key used twice) reports it here. */
  setInvalid: (pointer: string, message: string | undefined) => void;
  disabled: boolean;
  /** The user's union picks by pointer, and the callback recording one. */
  picks: ReadonlyMap<string, number>;
  pick: (pointer: string, index: number) => void;
}
const Ctx = createContext<FormContext>({
  messages: new FormMessages(new Map(), new Map()),
  setInvalid: () => {},
  disabled: false,
  picks: new Map(),
  pick: () => {},
});

function useMessages(pointer: string): string[] {
  const { messages } = useContext(Ctx);
  return split(useSyncExternalStore(messages.subscribe, () => messages.messagesAt(pointer)));
}

/**
 * Stable update functions for the members of a container, one per key, made by `lift` (from the container's
 * update, its field and the key only) and rebuilt when the container's update or field changes.
 */
function useMemberUpdates<K extends string | number>(
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

const NO_ERRORS: ReadonlyMap<string, string[]> = new Map();

export function SchemaForm(props: {
  field: Field;
  value: JsonValue | undefined;
  onChange: (value: JsonValue | undefined) => void;
  errors?: ReadonlyMap<string, string[]>;
  onInvalid?: (invalid: Map<string, string>) => void;
  disabled?: boolean;
  /** The user's union picks by pointer, and the callback recording one (kept here when not given). */
  picks?: ReadonlyMap<string, number>;
  onPick?: (pointer: string, index: number) => void;
}) {
  const [ownPicks, setOwnPicks] = useState<ReadonlyMap<string, number>>(new Map());
  const picks = props.picks ?? ownPicks;
  const [invalid, setInvalidMap] = useState(new Map<string, string>());
  const errors = props.errors ?? NO_ERRORS;
  const [messages] = useState(() => new FormMessages(errors, invalid));
  // Before paint: the fields whose messages changed re-render, no other.
  useLayoutEffect(() => messages.set(errors, invalid), [messages, errors, invalid]);
  const { onInvalid } = props;
  useEffect(() => {
    onInvalid?.(invalid);
  }, [invalid, onInvalid]);
  // Stable, so fields can report from effects without re-running them on every render.
  const setInvalid = useCallback(
    (pointer: string, message: string | undefined) =>
      setInvalidMap((m) => {
        if (m.get(pointer) === message) return m;
        const next = new Map(m);
        if (message === undefined) next.delete(pointer);
        else next.set(pointer, message);
        return next;
      }),
    [],
  );
  // The callbacks given are called through this, so a caller's new function objects re-render no field. The root's
  // update applies a change to the latest value: the one last handed up, until the next render says.
  const latest = useRef({ value: props.value, onChange: props.onChange, onPick: props.onPick });
  useLayoutEffect(() => {
    latest.current = { value: props.value, onChange: props.onChange, onPick: props.onPick };
  });
  const update = useCallback<Update>((change) => {
    const next = change(latest.current.value);
    latest.current.value = next;
    latest.current.onChange(next);
  }, []);
  const pick = useCallback((pointer: string, i: number) => {
    if (latest.current.onPick) latest.current.onPick(pointer, i);
    else setOwnPicks((m) => new Map(m).set(pointer, i));
  }, []);
  const disabled = props.disabled ?? false;
  const ctx = useMemo<FormContext>(
    () => ({ messages, disabled, setInvalid, picks, pick }),
    [messages, disabled, setInvalid, picks, pick],
  );
  return (
    <Ctx.Provider value={ctx}>
      <div className="schema-form">
        <ErrorsAt pointer="" />
        <FieldEditor
          field={props.field}
          value={props.value}
          update={update}
          pointer=""
          label=""
          name="Arguments"
          required
        />
      </div>
    </Ctx.Provider>
  );
}

interface EditorProps {
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

function Row(props: {
  id: string;
  label: string;
  required: boolean;
  field: Field;
  pointer: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const messages = useMessages(props.pointer);
  return (
    <div className={`form-row${messages.length ? ' has-error' : ''}`}>
      {props.label || props.extra ? (
        <div className="row-head">
          {props.label ? <label htmlFor={props.id}>{props.label}</label> : null}
          {props.label && props.required ? (
            <span className="required" aria-hidden="true">
              *
            </span>
          ) : null}
          {props.extra}
        </div>
      ) : null}
      {props.children}
      <Help id={props.id} field={props.field} />
      {messages.map((m, i) => (
        <small key={i} id={`${props.id}-err${i}`} className="field-error">
          {m}
        </small>
      ))}
    </div>
  );
}

function Help(props: { id: string; field: Field }) {
  const { description, notes } = props.field;
  return (
    <>
      {description ? (
        <small id={`${props.id}-help`} className="help">
          {description}
        </small>
      ) : null}
      {(notes ?? []).map((n, i) => (
        <small key={i} className="help rule-note">
          {n}
        </small>
      ))}
    </>
  );
}

/** The same field without null (one object per field, so the memoised editor under the null switch stays put). */
const withoutNull = new WeakMap<Field, Field>();
function notNull(field: Field): Field {
  let plain = withoutNull.get(field);
  if (!plain) withoutNull.set(field, (plain = { ...field, nullable: false } as Field));
  return plain;
}

const FieldEditor = memo(function FieldEditor(props: EditorProps) {
  const id = useId();
  const { disabled } = useContext(Ctx);
  const { field, value, update } = props;
  const set = useCallback((v: JsonValue | undefined) => update(() => v), [update]);
  const messages = useMessages(props.pointer);
  const label = props.label;
  const name = label || props.name || field.title || 'Value';
  if (field.nullable && field.kind !== 'json') {
    const isNull = value === null;
    const plain = notNull(field);
    const toggle = (
      <label className="null-toggle">
        <input
          type="checkbox"
          checked={isNull}
          disabled={disabled}
          aria-label={`${name}: null`}
          onChange={(e) => set(e.target.checked ? null : blankValue(plain))}
        />{' '}
        null
      </label>
    );
    if (isNull)
      return (
        <Row
          id={id}
          label={label}
          required={props.required}
          field={field}
          pointer={props.pointer}
          extra={toggle}
        >
          <output id={id} className="muted">
            null
          </output>
        </Row>
      );
    return (
      <div className="nullable">
        {toggle}
        <FieldEditor {...props} field={plain} />
      </div>
    );
  }
  const describedBy = [
    field.description ? `${id}-help` : '',
    ...messages.map((_, i) => `${id}-err${i}`),
  ].filter(Boolean);
  const aria = {
    id,
    'aria-required': props.required || undefined,
    'aria-invalid': messages.length ? true : undefined,
    'aria-describedby': describedBy.length ? describedBy.join(' ') : undefined,
    'aria-label': label ? undefined : name,
    disabled: disabled || field.readOnly,
  };
  const row = (children: ReactNode) => (
    <Row id={id} label={label} required={props.required} field={field} pointer={props.pointer}>
      {children}
    </Row>
  );
  const clear =
    !props.required && value !== undefined ? (
      <button
        type="button"
        className="link-button"
        aria-label={`Clear ${name}`}
        title="Leave this argument out"
        disabled={disabled}
        onClick={() => set(undefined)}
      >
        Clear
      </button>
    ) : null;
  switch (field.kind) {
    case 'string': {
      const type = field.secret
        ? 'password'
        : (({ email: 'email', uri: 'url', url: 'url', date: 'date', time: 'time' } as Record<string, string>)[
            field.format ?? ''
          ] ?? 'text');
      return row(
        <input
          {...aria}
          type={type}
          value={typeof value === 'string' ? value : ''}
          placeholder={field.format ?? ''}
          maxLength={field.maxLength}
          onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
        />,
      );
    }
    case 'number':
    case 'integer':
      return row(<NumberInput {...props} aria={aria} />);
    case 'boolean':
      return row(
        <select
          {...aria}
          value={typeof value === 'boolean' ? String(value) : ''}
          onChange={(e) => set(e.target.value === '' ? undefined : e.target.value === 'true')}
        >
          <option value="">(not set)</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>,
      );
    case 'enum': {
      const index = field.options.findIndex((o) => JSON.stringify(o.value) === JSON.stringify(value));
      return row(
        <select
          {...aria}
          value={index < 0 ? '' : String(index)}
          onChange={(e) =>
            set(e.target.value === '' ? undefined : field.options[Number(e.target.value)]?.value)
          }
        >
          <option value="">(not set)</option>
          {field.options.map((o, i) => (
            <option key={i} value={i}>
              {o.label}
            </option>
          ))}
        </select>,
      );
    }
    case 'const':
      return row(
        <output id={id} className="const-value" aria-label={label ? undefined : name}>
          {typeof field.value === 'string' ? field.value : JSON.stringify(field.value)}
        </output>,
      );
    case 'object':
      return <ObjectEditor {...props} name={name} clear={clear} />;
    case 'array':
      return <ArrayEditor {...props} name={name} clear={clear} />;
    case 'tuple':
      return <TupleEditor {...props} name={name} clear={clear} />;
    case 'choice':
      return <ChoiceEditor {...props} name={name} />;
    case 'ref':
      return <RefEditor {...props} name={name} />;
    case 'json':
      return row(<JsonInput {...props} aria={aria} />);
  }
});

function Legend(props: { label: string; required: boolean; extra?: ReactNode; children?: ReactNode }) {
  if (!props.label) return null;
  return (
    <legend>
      {props.label}
      {props.required ? (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
      {props.children}
    </legend>
  );
}

function ObjectEditor(props: EditorProps & { name: string; clear: ReactNode }) {
  const id = useId();
  const ctx = useContext(Ctx);
  const field = props.field as Extract<Field, { kind: 'object' }>;
  const { value, update } = props;
  const obj = isObj(value) ? value : {};
  const member = useMemberUpdates<string>(
    update,
    field,
    (key) => (change) =>
      update((prev) => withProperty(prev, key, change(isObj(prev) ? prev[key] : undefined))),
  );
  const declared = new Set(field.properties.map((p) => p.name));
  const extraKeys = Object.keys(obj).filter((k) => !declared.has(k));
  const canAdd = (typeof field.additional === 'object' || field.patterns.length > 0) && !ctx.disabled;
  const inner = (
    <>
      {field.properties
        .filter((p) => p.name !== props.hide)
        .map((p) => (
          <FieldEditor
            key={p.name}
            field={p.field}
            value={obj[p.name]}
            update={member(p.name)}
            pointer={`${props.pointer}/${escapeToken(p.name)}`}
            label={p.field.title ?? p.name}
            required={p.required}
          />
        ))}
      {extraKeys.length || canAdd ? (
        <MapRows
          field={field}
          obj={obj}
          keys={extraKeys}
          pointer={props.pointer}
          name={props.name}
          update={update}
          canAdd={canAdd}
        />
      ) : null}
    </>
  );
  if (!props.pointer && !props.label)
    return (
      <div className="form-object">
        <Help id={id} field={field} />
        {field.properties.length || extraKeys.length || canAdd ? (
          inner
        ) : (
          <p className="muted">This tool takes no arguments.</p>
        )}
      </div>
    );
  if (!props.label)
    return (
      <div className="form-object">
        <Help id={id} field={field} />
        {inner}
      </div>
    );
  return (
    <fieldset className="form-object">
      <Legend label={props.label} required={props.required}>
        {' '}
        {props.clear}
      </Legend>
      <Help id={id} field={field} />
      <ErrorsAt pointer={props.pointer} />
      {inner}
    </fieldset>
  );
}

/** Keys beyond the declared properties: a map's entries, pattern keys, or keys typed in the JSON pane. */
function MapRows(props: {
  field: Extract<Field, { kind: 'object' }>;
  obj: Obj;
  keys: string[];
  pointer: string;
  name: string;
  canAdd: boolean;
  /** The object's update. */
  update: Update;
}) {
  const { field, obj, update } = props;
  const { disabled } = useContext(Ctx);
  const entry = useMemberUpdates<string>(
    update,
    field,
    (key) => (change) => update((prev) => withEntry(prev, key, change(isObj(prev) ? prev[key] : undefined))),
  );
  const rename = (from: string, to: string) =>
    update((prev) => {
      const next: Obj = {};
      for (const [k, v] of Object.entries(isObj(prev) ? prev : {})) next[k === from ? to : k] = v;
      return next;
    });
  const remove = (key: string) => update((prev) => withEntry(prev, key, undefined));
  const add = () => {
    let n = props.keys.length + 1;
    while (`key${n}` in obj) n++;
    const key = `key${n}`;
    const f = propertyField(field, key);
    update((prev) => withEntry(prev, key, f ? itemBlank(f) : ''));
  };
  return (
    <div className="map-rows" role="group" aria-label={`${props.name}: entries`}>
      {props.keys.map((key, i) => {
        const f: Field = propertyField(field, key) ?? {
          kind: 'json',
          nullable: false,
          secret: false,
          readOnly: false,
          reason:
            field.additional === 'none'
              ? 'the tool accepts no key of this name'
              : 'a key the schema does not describe, so any JSON value',
        };
        return (
          <div className="map-row" key={i}>
            <KeyInput
              value={key}
              taken={(k) => k !== key && k in obj}
              pointer={`${props.pointer}/${escapeToken(key)}#key`}
              label={`${props.name}: key ${i + 1}`}
              onRename={(k) => rename(key, k)}
            />
            <div className="map-value">
              <FieldEditor
                field={f}
                value={obj[key]}
                update={entry(key)}
                pointer={`${props.pointer}/${escapeToken(key)}`}
                label=""
                name={`${props.name}: ${key}`}
                required
              />
            </div>
            <button
              type="button"
              aria-label={`Remove ${key} from ${props.name}`}
              title="Remove"
              disabled={disabled}
              onClick={() => remove(key)}
            >
              ✕
            </button>
          </div>
        );
      })}
      {props.canAdd ? (
        <button type="button" onClick={add} aria-label={`Add entry to ${props.name}`}>
          Add entry
        </button>
      ) : null}
    </div>
  );
}

function KeyInput(props: {
  value: string;
  taken: (key: string) => boolean;
  pointer: string;
  label: string;
  onRename: (key: string) => void;
}) {
  const { setInvalid, messages, disabled } = useContext(Ctx);
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  const { pointer } = props;
  useEffect(() => () => setInvalid(pointer, undefined), [pointer, setInvalid]);
  const bad = useSyncExternalStore(messages.subscribe, () => messages.invalidAt(pointer));
  return (
    <div className="map-key">
      <input
        aria-label={props.label}
        value={text}
        disabled={disabled}
        aria-invalid={bad ? true : undefined}
        onChange={(e) => {
          const k = e.target.value;
          setText(k);
          if (k === '') setInvalid(pointer, 'A key cannot be empty.');
          else if (props.taken(k)) setInvalid(pointer, `The key "${k}" is already used.`);
          else {
            setInvalid(pointer, undefined);
            props.onRename(k);
          }
        }}
      />
      {bad ? <small className="field-error">{bad}</small> : null}
    </div>
  );
}

function ArrayEditor(props: EditorProps & { name: string; clear: ReactNode }) {
  const { disabled } = useContext(Ctx);
  const field = props.field as Extract<Field, { kind: 'array' }>;
  const { update } = props;
  const items = Array.isArray(props.value) ? props.value : [];
  const list = (prev: JsonValue | undefined) => (Array.isArray(prev) ? prev : []);
  const member = useMemberUpdates<number>(
    update,
    field,
    (i) => (change) => update((prev) => withItem(prev, i, change(list(prev)[i]))),
  );
  const move = (from: number, to: number) =>
    update((prev) => {
      const next = [...list(prev)];
      const [item] = next.splice(from, 1);
      if (item !== undefined) next.splice(to, 0, item);
      return next;
    });
  const id = useId();
  return (
    <fieldset className="form-array">
      <Legend label={props.label || props.name} required={props.required}>
        <span className="muted">
          {' '}
          ({items.length} item{items.length === 1 ? '' : 's'})
        </span>{' '}
        {props.clear}
      </Legend>
      <Help id={id} field={field} />
      <ErrorsAt pointer={props.pointer} />
      {items.map((item, i) => (
        <div className="array-item" key={i}>
          <FieldEditor
            field={field.items}
            value={item}
            update={member(i)}
            pointer={`${props.pointer}/${i}`}
            label={`${props.name} item ${i + 1}`}
            required={false}
          />
          <div className="item-actions">
            <button
              type="button"
              aria-label={`Move ${props.name} item ${i + 1} up`}
              disabled={disabled || i === 0}
              onClick={() => move(i, i - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move ${props.name} item ${i + 1} down`}
              disabled={disabled || i === items.length - 1}
              onClick={() => move(i, i + 1)}
            >
              ↓
            </button>
            <button
              type="button"
              aria-label={`Remove ${props.name} item ${i + 1}`}
              disabled={disabled}
              title="Remove"
              onClick={() => update((prev) => list(prev).filter((_, j) => j !== i))}
            >
              ✕
            </button>
          </div>
        </div>
      ))}
      <button
        type="button"
        disabled={disabled || (field.maxItems !== undefined && items.length >= field.maxItems)}
        onClick={() => update((prev) => [...list(prev), itemBlank(field.items)])}
        aria-label={`Add item to ${props.name}`}
      >
        Add item
      </button>
    </fieldset>
  );
}

function TupleEditor(props: EditorProps & { name: string; clear: ReactNode }) {
  const { disabled } = useContext(Ctx);
  const field = props.field as Extract<Field, { kind: 'tuple' }>;
  const { update } = props;
  const items = Array.isArray(props.value) ? props.value : [];
  const list = (prev: JsonValue | undefined) => (Array.isArray(prev) ? prev : []);
  const member = useMemberUpdates<number>(
    update,
    field,
    (i) => (change) => update((prev) => withTupleItem(field, prev, i, change(list(prev)[i]))),
  );
  const id = useId();
  const restCount = Math.max(0, items.length - field.prefix.length);
  return (
    <fieldset className="form-array form-tuple">
      <Legend label={props.label || props.name} required={props.required}>
        <span className="muted"> (a list with a fixed order)</span> {props.clear}
      </Legend>
      <Help id={id} field={field} />
      <ErrorsAt pointer={props.pointer} />
      {field.prefix.map((f, i) => (
        <FieldEditor
          key={i}
          field={f}
          value={items[i]}
          update={member(i)}
          pointer={`${props.pointer}/${i}`}
          label={`${i + 1}. ${f.title ?? `${props.name} item ${i + 1}`}`}
          required={field.minItems !== undefined && i < field.minItems}
        />
      ))}
      {field.rest
        ? Array.from({ length: restCount }, (_, k) => {
            const i = field.prefix.length + k;
            return (
              <div className="array-item" key={i}>
                <FieldEditor
                  field={field.rest!}
                  value={items[i]}
                  update={member(i)}
                  pointer={`${props.pointer}/${i}`}
                  label={`${props.name} item ${i + 1}`}
                  required={false}
                />
                <div className="item-actions">
                  <button
                    type="button"
                    aria-label={`Remove ${props.name} item ${i + 1}`}
                    disabled={disabled}
                    onClick={() => update((prev) => list(prev).filter((_, j) => j !== i))}
                  >
                    ✕
                  </button>
                </div>
              </div>
            );
          })
        : null}
      {field.rest ? (
        <button
          type="button"
          disabled={disabled}
          aria-label={`Add item to ${props.name}`}
          onClick={() =>
            update((prev) => {
              const next = [...list(prev)];
              for (let j = next.length; j < field.prefix.length; j++) next[j] = itemBlank(field.prefix[j]!);
              return [...next, itemBlank(field.rest!)];
            })
          }
        >
          Add item
        </button>
      ) : null}
    </fieldset>
  );
}

function ErrorsAt(props: { pointer: string }) {
  const { messages } = useContext(Ctx);
  const { pointer } = props;
  const joined = useSyncExternalStore(messages.subscribe, () => messages.errorsAt(pointer));
  return (
    <>
      {split(joined).map((m, i) => (
        <small key={i} className="field-error">
          {m}
        </small>
      ))}
    </>
  );
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function NumberInput(props: EditorProps & { aria: Record<string, unknown> }) {
  const { setInvalid } = useContext(Ctx);
  const field = props.field as Extract<Field, { kind: 'number' | 'integer' }>;
  const shown = typeof props.value === 'number' ? String(props.value) : '';
  const [text, setText] = useState(shown);
  // Follow the value when it changes from outside (the JSON editor, a replay).
  useEffect(() => {
    setText((t) => (NUMBER.test(t.trim()) && Number(t) === props.value ? t : shown));
  }, [props.value, shown]);
  const { pointer } = props;
  useEffect(() => () => setInvalid(pointer, undefined), [pointer, setInvalid]);
  return (
    <input
      {...props.aria}
      inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
      value={text}
      placeholder={[
        field.minimum !== undefined ? `≥ ${field.minimum}` : '',
        field.maximum !== undefined ? `≤ ${field.maximum}` : '',
      ]
        .filter(Boolean)
        .join(', ')}
      onChange={(e) => {
        const t = e.target.value.trim();
        setText(e.target.value);
        if (t === '') {
          setInvalid(pointer, undefined);
          props.update(() => undefined);
        } else if (NUMBER.test(t)) {
          setInvalid(pointer, undefined);
          props.update(() => Number(t));
        } else {
          // Nothing is sent while the text is not a number; the run button says why.
          setInvalid(pointer, `"${t}" is not a number.`);
          props.update(() => undefined);
        }
      }}
    />
  );
}

function JsonInput(props: EditorProps & { aria: Record<string, unknown> }) {
  const { setInvalid } = useContext(Ctx);
  const shown = props.value === undefined ? '' : JSON.stringify(props.value, null, 2);
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText((t) => {
      try {
        return t.trim() !== '' && JSON.stringify(JSON.parse(t)) === JSON.stringify(props.value) ? t : shown;
      } catch {
        return t;
      }
    });
  }, [props.value, shown]);
  const { pointer } = props;
  useEffect(() => () => setInvalid(pointer, undefined), [pointer, setInvalid]);
  const field = props.field as Extract<Field, { kind: 'json' }>;
  return (
    <>
      <textarea
        {...props.aria}
        className="json-field"
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        value={text}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setInvalid(pointer, undefined);
            return props.update(() => undefined);
          }
          try {
            const v = JSON.parse(e.target.value) as JsonValue;
            setInvalid(pointer, undefined);
            props.update(() => v);
          } catch (err) {
            setInvalid(pointer, `Not valid JSON: ${(err as Error).message}`);
          }
        }}
      />
      <small className="muted">Edited as JSON: {field.reason}.</small>
    </>
  );
}

function ChoiceEditor(props: EditorProps & { name: string }) {
  const id = useId();
  const ctx = useContext(Ctx);
  const field = props.field as Extract<Field, { kind: 'choice' }>;
  // A branch picked for an optional value stays shown while its first field is still empty.
  const [active, setActive] = useState(false);
  const unset = props.value === undefined && !props.required && !active;
  const picked = shownBranch(field, props.value, ctx.picks.get(props.pointer));
  const branch = unset ? undefined : field.branches[picked];
  const choose = (i: number) => {
    setActive(i >= 0);
    if (i < 0) return props.update(() => undefined);
    ctx.pick(props.pointer, i);
    const b = field.branches[i];
    if (!b) return;
    let next = blankValue(b.field);
    // Values of properties both branches have are kept when they fit the new branch.
    if (isObj(next) && isObj(props.value) && b.field.kind === 'object') {
      const carried: Obj = { ...next };
      for (const p of b.field.properties)
        if (p.name in props.value && p.field.kind !== 'const' && p.name !== b.discriminator?.name)
          carried[p.name] = props.value[p.name] as JsonValue;
      next = carried;
    }
    props.update(() => next);
  };
  const label = props.label;
  return (
    <fieldset className="form-choice">
      <Legend label={label} required={props.required} />
      <Help id={id} field={field} />
      <div className="branch-pick">
        <label htmlFor={id}>{label ? 'Variant' : `${props.name}: variant`}</label>
        <select
          id={id}
          disabled={ctx.disabled}
          value={unset ? -1 : picked}
          aria-label={label ? `${label}: variant` : undefined}
          onChange={(e) => choose(Number(e.target.value))}
        >
          {!props.required ? <option value={-1}>(not set)</option> : null}
          {field.branches.map((b, i) => (
            <option key={i} value={i}>
              {b.label}
            </option>
          ))}
        </select>
      </div>
      <ErrorsAt pointer={props.pointer} />
      {branch ? (
        <FieldEditor
          field={branch.field}
          value={props.value}
          update={props.update}
          pointer={props.pointer}
          label=""
          name={label || props.name}
          required={props.required}
          hide={branch.discriminator?.name}
        />
      ) : null}
    </fieldset>
  );
}

/** A recursive reference: a nested form of the same shape, expanded when the user asks (or when it has a value). */
function RefEditor(props: EditorProps & { name: string }) {
  const [open, setOpen] = useState(false);
  const field = props.field as Extract<Field, { kind: 'ref' }>;
  const { disabled } = useContext(Ctx);
  if (props.value === undefined && !open)
    return (
      <div className="form-row ref-collapsed">
        {props.label ? <span className="ref-label">{props.label}</span> : null}
        <button
          type="button"
          disabled={disabled}
          aria-expanded={false}
          aria-label={`Expand ${props.name}`}
          onClick={() => setOpen(true)}
        >
          Expand <span aria-hidden="true">▸</span>
        </button>
        <small className="muted"> (nested {field.title ?? 'value'}, not set)</small>
      </div>
    );
  return <FieldEditor {...props} field={expanded(field)} />;
}

/** The field a reference stands for, with the reference's own title and description (one object per reference). */
const expansions = new WeakMap<Field, Field>();
function expanded(field: Extract<Field, { kind: 'ref' }>): Field {
  let out = expansions.get(field);
  if (!out) {
    const inner = field.resolve();
    out = {
      ...inner,
      title: field.title ?? inner.title,
      description: field.description ?? inner.description,
    };
    expansions.set(field, out);
  }
  return out;
}
