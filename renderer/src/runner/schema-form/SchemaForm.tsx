// The form a tool's schema gets, drawn from the normaliser's fields. It holds no copy of the value: what it shows
// is the value it was given, and every edit hands the whole new value up (the form never sends what it does not
// show). Which union branch is shown is state held by the caller (the user's pick wins; see effectiveBranches).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { JsonValue } from '../../../../shared/types.js';
import {
  blankValue,
  childPointer,
  effectiveBranches,
  itemBlank,
  propertyField,
  type Field,
} from './schema-form-model.js';
import './schema-form.css';

type Obj = { [key: string]: JsonValue };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

interface FormContext {
  /** Messages from the validator, by JSON pointer. */
  errors: Map<string, string[]>;
  /** A field whose text cannot become a value (bad JSON, not a number, a key used twice) reports it here. */
  setInvalid: (pointer: string, message: string | undefined) => void;
  invalid: Map<string, string>;
  disabled: boolean;
  /** The union branch shown at each pointer, and the user's pick. */
  branches: ReadonlyMap<string, number>;
  pick: (pointer: string, index: number) => void;
}
const Ctx = createContext<FormContext>({
  errors: new Map(),
  setInvalid: () => {},
  invalid: new Map(),
  disabled: false,
  branches: new Map(),
  pick: () => {},
});

export function SchemaForm(props: {
  field: Field;
  value: JsonValue | undefined;
  onChange: (value: JsonValue | undefined) => void;
  errors?: Map<string, string[]>;
  onInvalid?: (invalid: Map<string, string>) => void;
  disabled?: boolean;
  /** The user's union picks by pointer, and the callback recording one (kept here when not given). */
  picks?: ReadonlyMap<string, number>;
  onPick?: (pointer: string, index: number) => void;
}) {
  const [ownPicks, setOwnPicks] = useState<ReadonlyMap<string, number>>(new Map());
  const picks = props.picks ?? ownPicks;
  const branches = useMemo(
    () => effectiveBranches(props.field, props.value, picks),
    [props.field, props.value, picks],
  );
  const [invalid, setInvalidMap] = useState(new Map<string, string>());
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
  const ctx: FormContext = {
    errors: props.errors ?? new Map<string, string[]>(),
    disabled: props.disabled ?? false,
    setInvalid,
    invalid,
    branches,
    pick: props.onPick ?? ((pointer, i) => setOwnPicks((m) => new Map(m).set(pointer, i))),
  };
  return (
    <Ctx.Provider value={ctx}>
      <div className="schema-form">
        <ErrorsAt pointer="" />
        <FieldEditor
          field={props.field}
          value={props.value}
          onChange={props.onChange}
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
  onChange: (value: JsonValue | undefined) => void;
  pointer: string;
  /** The visible label ("" for none: the root, a union branch, a map value). */
  label: string;
  /** The accessible name when no label is shown. */
  name?: string;
  required: boolean;
  /** A property the enclosing union's selector already shows (the discriminator): not drawn again. */
  hide?: string;
}

function messagesAt(ctx: FormContext, pointer: string): string[] {
  const bad = ctx.invalid.get(pointer);
  // Text that is not a value yet explains itself first; the validator's view of the missing value follows.
  return bad ? [bad] : (ctx.errors.get(pointer) ?? []);
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
  const ctx = useContext(Ctx);
  const messages = messagesAt(ctx, props.pointer);
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

function FieldEditor(props: EditorProps) {
  const id = useId();
  const ctx = useContext(Ctx);
  const { disabled } = ctx;
  const { field, value } = props;
  const label = props.label;
  const name = label || props.name || field.title || 'Value';
  if (field.nullable && field.kind !== 'json') {
    const isNull = value === null;
    const plain = { ...field, nullable: false } as Field;
    const toggle = (
      <label className="null-toggle">
        <input
          type="checkbox"
          checked={isNull}
          disabled={disabled}
          aria-label={`${name}: null`}
          onChange={(e) => props.onChange(e.target.checked ? null : blankValue(plain))}
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
  const messages = messagesAt(ctx, props.pointer);
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
        onClick={() => props.onChange(undefined)}
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
          onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
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
          onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
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
            props.onChange(e.target.value === '' ? undefined : field.options[Number(e.target.value)]?.value)
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
}

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
  const { value } = props;
  const obj = isObj(value) ? value : {};
  const set = (key: string, v: JsonValue | undefined) => {
    const next: Obj = { ...obj };
    if (v === undefined) delete next[key];
    else next[key] = v;
    props.onChange(Object.keys(next).length === 0 && value === undefined ? undefined : next);
  };
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
            onChange={(v) => set(p.name, v)}
            pointer={`${props.pointer}/${childPointer(p.name)}`}
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
          onChange={(next) => props.onChange(next)}
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
  onChange: (next: Obj) => void;
}) {
  const { field, obj } = props;
  const { disabled } = useContext(Ctx);
  const rename = (from: string, to: string) => {
    const next: Obj = {};
    for (const [k, v] of Object.entries(obj)) next[k === from ? to : k] = v;
    props.onChange(next);
  };
  const remove = (key: string) => {
    const next: Obj = { ...obj };
    delete next[key];
    props.onChange(next);
  };
  const add = () => {
    let n = props.keys.length + 1;
    while (`key${n}` in obj) n++;
    const key = `key${n}`;
    const f = propertyField(field, key);
    props.onChange({ ...obj, [key]: f ? itemBlank(f) : '' });
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
              pointer={`${props.pointer}/${childPointer(key)}#key`}
              label={`${props.name}: key ${i + 1}`}
              onRename={(k) => rename(key, k)}
            />
            <div className="map-value">
              <FieldEditor
                field={f}
                value={obj[key]}
                onChange={(v) => (v === undefined ? remove(key) : props.onChange({ ...obj, [key]: v }))}
                pointer={`${props.pointer}/${childPointer(key)}`}
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
  const { setInvalid, invalid, disabled } = useContext(Ctx);
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  const { pointer } = props;
  useEffect(() => () => setInvalid(pointer, undefined), [pointer, setInvalid]);
  const bad = invalid.get(pointer);
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
  const items = Array.isArray(props.value) ? props.value : [];
  const set = (next: JsonValue[]) => props.onChange(next);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (item !== undefined) next.splice(to, 0, item);
    set(next);
  };
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
            onChange={(v) => set(items.map((x, j) => (j === i ? (v === undefined ? null : v) : x)))}
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
              onClick={() => set(items.filter((_, j) => j !== i))}
            >
              ✕
            </button>
          </div>
        </div>
      ))}
      <button
        type="button"
        disabled={disabled || (field.maxItems !== undefined && items.length >= field.maxItems)}
        onClick={() => set([...items, itemBlank(field.items)])}
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
  const items = Array.isArray(props.value) ? props.value : [];
  const setAt = (i: number, v: JsonValue | undefined) => {
    const next = [...items];
    // A position cannot be left out before a later one: earlier gaps are filled with blanks of their type.
    for (let j = next.length; j < i; j++)
      next[j] = itemBlank(field.prefix[j] ?? field.rest ?? field.prefix[0]!);
    if (v === undefined && i >= next.length - 1) next.length = Math.min(next.length, i);
    else next[i] = v === undefined ? null : v;
    props.onChange(next);
  };
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
          onChange={(v) => setAt(i, v)}
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
                  onChange={(v) => setAt(i, v)}
                  pointer={`${props.pointer}/${i}`}
                  label={`${props.name} item ${i + 1}`}
                  required={false}
                />
                <div className="item-actions">
                  <button
                    type="button"
                    aria-label={`Remove ${props.name} item ${i + 1}`}
                    disabled={disabled}
                    onClick={() => props.onChange(items.filter((_, j) => j !== i))}
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
          onClick={() => {
            const next = [...items];
            for (let j = next.length; j < field.prefix.length; j++) next[j] = itemBlank(field.prefix[j]!);
            props.onChange([...next, itemBlank(field.rest!)]);
          }}
        >
          Add item
        </button>
      ) : null}
    </fieldset>
  );
}

function ErrorsAt(props: { pointer: string }) {
  const { errors } = useContext(Ctx);
  return (
    <>
      {(errors.get(props.pointer) ?? []).map((m, i) => (
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
          props.onChange(undefined);
        } else if (NUMBER.test(t)) {
          setInvalid(pointer, undefined);
          props.onChange(Number(t));
        } else {
          // Nothing is sent while the text is not a number; the run button says why.
          setInvalid(pointer, `"${t}" is not a number.`);
          props.onChange(undefined);
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
            return props.onChange(undefined);
          }
          try {
            const v = JSON.parse(e.target.value) as JsonValue;
            setInvalid(pointer, undefined);
            props.onChange(v);
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
  const picked = ctx.branches.get(props.pointer) ?? 0;
  const branch = unset ? undefined : field.branches[picked];
  const choose = (i: number) => {
    setActive(i >= 0);
    if (i < 0) return props.onChange(undefined);
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
    props.onChange(next);
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
          onChange={props.onChange}
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
  const inner = field.resolve();
  return (
    <FieldEditor
      {...props}
      field={{
        ...inner,
        title: field.title ?? inner.title,
        description: field.description ?? inner.description,
      }}
    />
  );
}
