// The form a tool's schema gets, drawn from the normaliser's fields. It holds no copy of the value: what it shows
// is the value it was given, and every edit hands the whole new value up (the form never sends what it does not show).
import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import type { JsonValue } from '../../../../shared/types.js';
import { initialValue, type Field } from './schema-form-model.js';
import './schema-form.css';

type Obj = { [key: string]: JsonValue };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

interface FormContext {
  /** Messages from the validator, by JSON pointer. */
  errors: Map<string, string[]>;
  /** A field whose text cannot become a value (bad JSON, not a number) reports it here. */
  setInvalid: (pointer: string, message: string | undefined) => void;
  invalid: Map<string, string>;
  disabled: boolean;
}
const Ctx = createContext<FormContext>({
  errors: new Map(),
  setInvalid: () => {},
  invalid: new Map(),
  disabled: false,
});

const escape = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** A fresh value for a new array item or a newly picked branch: defaults first, else the emptiest honest value. */
export function blankValue(field: Field): JsonValue | undefined {
  const v = initialValue(field);
  if (v !== undefined) return v;
  switch (field.kind) {
    case 'object':
      return {};
    case 'array':
      return [];
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'enum':
      return field.options[0];
    default:
      return undefined;
  }
}

export function SchemaForm(props: {
  field: Field;
  value: JsonValue | undefined;
  onChange: (value: JsonValue | undefined) => void;
  errors?: Map<string, string[]>;
  onInvalid?: (invalid: Map<string, string>) => void;
  disabled?: boolean;
}) {
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
  };
  return (
    <Ctx.Provider value={ctx}>
      <div className="schema-form">
        <FieldEditor
          field={props.field}
          value={props.value}
          onChange={props.onChange}
          pointer=""
          label=""
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
  label: string;
  required: boolean;
}

function Row(props: {
  id: string;
  label: string;
  required: boolean;
  field: Field;
  pointer: string;
  children: ReactNode;
  inline?: boolean;
}) {
  const { errors, invalid } = useContext(Ctx);
  const bad = invalid.get(props.pointer);
  // Text that is not a value yet explains itself first; the validator's view of the missing value follows.
  const messages = bad ? [bad] : (errors.get(props.pointer) ?? []);
  return (
    <div className={`form-row${messages.length ? ' has-error' : ''}${props.inline ? ' inline' : ''}`}>
      {props.label ? (
        <label htmlFor={props.id}>
          {props.label}
          {props.required ? (
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </label>
      ) : null}
      {props.children}
      {props.field.description ? (
        <small id={`${props.id}-help`} className="help">
          {props.field.description}
        </small>
      ) : null}
      {messages.map((m, i) => (
        <small key={i} className="field-error" role="alert">
          {m}
        </small>
      ))}
    </div>
  );
}

function FieldEditor(props: EditorProps) {
  const id = useId();
  const { disabled } = useContext(Ctx);
  const { field, value } = props;
  const label = props.label || field.title || '';
  if (field.nullable && field.kind !== 'json') {
    const isNull = value === null;
    return (
      <div className="nullable">
        <label className="null-toggle">
          <input
            type="checkbox"
            checked={isNull}
            disabled={disabled}
            onChange={(e) =>
              props.onChange(e.target.checked ? null : blankValue({ ...field, nullable: false }))
            }
          />{' '}
          null
        </label>
        {isNull ? (
          <Row id={id} label={label} required={props.required} field={field} pointer={props.pointer}>
            <span className="muted">null</span>
          </Row>
        ) : (
          <FieldEditor {...props} field={{ ...field, nullable: false }} />
        )}
      </div>
    );
  }
  const aria = {
    id,
    'aria-required': props.required || undefined,
    'aria-describedby': field.description ? `${id}-help` : undefined,
    'aria-label': label ? undefined : 'value',
    disabled: disabled || field.readOnly,
  };
  const row = (children: ReactNode, inline = false) => (
    <Row
      id={id}
      label={label}
      required={props.required}
      field={field}
      pointer={props.pointer}
      inline={inline}
    >
      {children}
    </Row>
  );
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
      const index = field.options.findIndex((o) => JSON.stringify(o) === JSON.stringify(value));
      return row(
        <select
          {...aria}
          value={index < 0 ? '' : String(index)}
          onChange={(e) =>
            props.onChange(e.target.value === '' ? undefined : field.options[Number(e.target.value)])
          }
        >
          <option value="">(not set)</option>
          {field.options.map((o, i) => (
            <option key={i} value={i}>
              {typeof o === 'string' ? o : JSON.stringify(o)}
            </option>
          ))}
        </select>,
      );
    }
    case 'const':
      return row(
        <output {...{ id }} className="const-value">
          {JSON.stringify(field.value)}
        </output>,
      );
    case 'object': {
      const obj = isObj(value) ? value : {};
      const set = (name: string, v: JsonValue | undefined) => {
        const next: Obj = { ...obj };
        if (v === undefined) delete next[name];
        else next[name] = v;
        props.onChange(Object.keys(next).length === 0 && value === undefined ? undefined : next);
      };
      const inner = field.properties.map((p) => (
        <FieldEditor
          key={p.name}
          field={p.field}
          value={obj[p.name]}
          onChange={(v) => set(p.name, v)}
          pointer={`${props.pointer}/${escape(p.name)}`}
          label={p.field.title ? `${p.field.title} (${p.name})` : p.name}
          required={p.required}
        />
      ));
      if (!props.pointer)
        return (
          <div className="form-object">
            {inner.length ? inner : <p className="muted">This tool takes no arguments.</p>}
          </div>
        );
      return (
        <fieldset className="form-object">
          <legend>
            {label}
            {props.required ? <span className="required"> *</span> : null}
          </legend>
          {field.description ? <small className="help">{field.description}</small> : null}
          <ErrorsAt pointer={props.pointer} />
          {inner}
        </fieldset>
      );
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const set = (next: JsonValue[]) => props.onChange(next);
      const move = (from: number, to: number) => {
        const next = [...items];
        const [item] = next.splice(from, 1);
        if (item !== undefined) next.splice(to, 0, item);
        set(next);
      };
      return (
        <fieldset className="form-array">
          <legend>
            {label}
            {props.required ? <span className="required"> *</span> : null}
            <span className="muted">
              {' '}
              ({items.length} item{items.length === 1 ? '' : 's'})
            </span>
          </legend>
          {field.description ? <small className="help">{field.description}</small> : null}
          <ErrorsAt pointer={props.pointer} />
          {items.map((item, i) => (
            <div className="array-item" key={i}>
              <FieldEditor
                field={field.items}
                value={item}
                onChange={(v) => set(items.map((x, j) => (j === i ? (v === undefined ? null : v) : x)))}
                pointer={`${props.pointer}/${i}`}
                label={`${label || 'item'} ${i + 1}`}
                required={false}
              />
              <div className="item-actions">
                <button
                  type="button"
                  aria-label={`Move ${label} ${i + 1} up`}
                  disabled={disabled || i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${label} ${i + 1} down`}
                  disabled={disabled || i === items.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${label} ${i + 1}`}
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
            onClick={() => set([...items, blankValue(field.items) ?? null])}
          >
            Add {label || 'item'}
          </button>
        </fieldset>
      );
    }
    case 'choice':
      return <ChoiceEditor {...props} label={label} />;
    case 'json':
      return row(<JsonInput {...props} aria={aria} />);
  }
}

function ErrorsAt(props: { pointer: string }) {
  const { errors } = useContext(Ctx);
  return (
    <>
      {(errors.get(props.pointer) ?? []).map((m, i) => (
        <small key={i} className="field-error" role="alert">
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
    setText((t) => (NUMBER.test(t) && Number(t) === props.value ? t : shown));
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
        rows={Math.min(10, Math.max(3, text.split('\n').length))}
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
      <small className="muted">JSON ({field.reason})</small>
    </>
  );
}

/** Which branch a value belongs to: the first whose kind (and const discriminators) fit it. */
export function branchOf(branches: Array<{ field: Field }>, value: JsonValue | undefined): number {
  if (value === undefined) return 0;
  const fits = (f: Field): boolean => {
    switch (f.kind) {
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number';
      case 'integer':
        return Number.isInteger(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'enum':
        return f.options.some((o) => JSON.stringify(o) === JSON.stringify(value));
      case 'const':
        return JSON.stringify(f.value) === JSON.stringify(value);
      case 'array':
        return Array.isArray(value);
      case 'object':
        return (
          isObj(value) &&
          f.properties.every(
            (p) =>
              p.field.kind !== 'const' || JSON.stringify(value[p.name]) === JSON.stringify(p.field.value),
          )
        );
      default:
        return false;
    }
  };
  const i = branches.findIndex((b) => fits(b.field));
  return i < 0 ? branches.length - 1 : i;
}

function ChoiceEditor(props: EditorProps) {
  const id = useId();
  const { disabled } = useContext(Ctx);
  const field = props.field as Extract<Field, { kind: 'choice' }>;
  const [picked, setPicked] = useState(() => branchOf(field.branches, props.value));
  useEffect(() => {
    if (props.value !== undefined)
      setPicked((p) => {
        const guess = branchOf(field.branches, props.value);
        return guess === p ? p : guess;
      });
  }, [props.value, field.branches]);
  const branch = field.branches[picked];
  return (
    <fieldset className="form-choice">
      <legend>
        {props.label}
        {props.required ? <span className="required"> *</span> : null}
      </legend>
      {field.description ? <small className="help">{field.description}</small> : null}
      <label htmlFor={id} className="branch-label">
        Variant
      </label>
      <select
        id={id}
        aria-label={`${props.label || 'value'} variant`}
        disabled={disabled}
        value={picked}
        onChange={(e) => {
          const i = Number(e.target.value);
          setPicked(i);
          const b = field.branches[i];
          props.onChange(b ? blankValue(b.field) : undefined);
        }}
      >
        {field.branches.map((b, i) => (
          <option key={i} value={i}>
            {b.label}
          </option>
        ))}
      </select>
      <ErrorsAt pointer={props.pointer} />
      {branch ? (
        <FieldEditor
          field={branch.field}
          value={props.value}
          onChange={props.onChange}
          pointer={props.pointer}
          label=""
          required={props.required}
        />
      ) : null}
    </fieldset>
  );
}
