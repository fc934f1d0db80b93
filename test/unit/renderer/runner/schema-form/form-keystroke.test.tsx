// @vitest-environment jsdom
// Issue 13's keystroke budget, as behaviour: a keystroke in a 50-field form renders only the field it changes (and
// the containers on its path), new messages render only the fields they belong to, and every edit still lands on
// the latest value. The runner's deferred argument check is in ../use-tool-args.test.tsx.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  effectiveBranches,
  initialValue,
} from '../../../../../renderer/src/runner/schema-form/form-state.js';
import { normalizeSchema } from '../../../../../renderer/src/runner/schema-form/schema-form-model.js';
import { type Field } from '../../../../../renderer/src/runner/schema-form/field.js';
import { SchemaForm } from '../../../../../renderer/src/runner/schema-form/SchemaForm.js';
import {
  errorsByPointer,
  validateArgs,
} from '../../../../../renderer/src/runner/schema-form/validate-args.js';
import type { JsonSchema, JsonValue } from '../../../../../shared/types.js';

afterEach(cleanup);

/** The shape bench/form.js measures: 50 fields of every common kind, f01 required. */
function wideSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (let i = 1; i <= 50; i++) {
    const name = `f${String(i).padStart(2, '0')}`;
    const kind = i % 5;
    properties[name] =
      i === 1 || kind === 0
        ? { type: 'string', title: `Field ${i}` }
        : kind === 1
          ? { type: 'integer', minimum: 0, title: `Field ${i}` }
          : kind === 2
            ? { enum: ['a', 'b', 'c'], title: `Field ${i}` }
            : kind === 3
              ? { type: ['string', 'null'], title: `Field ${i}` }
              : {
                  type: 'object',
                  title: `Field ${i}`,
                  properties: { x: { type: 'string', title: `Field ${i} x` }, y: { type: 'number' } },
                };
  }
  return { type: 'object', required: ['f01'], properties };
}

/**
 * Counts the renders of each field by the reads of its description: a field's editor reads it on every render (for
 * its help text and aria-describedby), and nothing else in the form does.
 */
function countRenders(field: Field): Map<string, number> {
  const renders = new Map<string, number>();
  const watch = (f: Field, name: string) => {
    Object.defineProperty(f, 'description', {
      configurable: true,
      enumerable: true,
      get: () => {
        renders.set(name, (renders.get(name) ?? 0) + 1);
        return `Help for ${name}`;
      },
    });
  };
  if (field.kind !== 'object') throw new Error('an object schema');
  for (const p of field.properties) {
    watch(p.field, p.name);
    if (p.field.kind === 'object') for (const q of p.field.properties) watch(q.field, `${p.name}.${q.name}`);
  }
  return renders;
}

/** The form as the runner mounts it, with callbacks and messages made anew on every render (the worst case). */
function mount(schema: JsonSchema) {
  const field = normalizeSchema(schema);
  const renders = countRenders(field);
  const sent: { value: JsonValue | undefined } = { value: initialValue(field) };
  function Harness() {
    const [value, setValue] = useState<JsonValue | undefined>(sent.value);
    const [picks, setPicks] = useState<ReadonlyMap<string, number>>(new Map());
    return (
      <SchemaForm
        field={field}
        value={value}
        errors={errorsByPointer(validateArgs(schema, value, effectiveBranches(field, value, picks)))}
        picks={picks}
        onPick={(p, i) => setPicks((m) => new Map(m).set(p, i))}
        onChange={(v) => {
          sent.value = v;
          setValue(v);
        }}
      />
    );
  }
  render(<Harness />);
  return { sent, renders };
}
/** The control a visible label names (found directly: label queries over 70 controls are slow in jsdom). */
function control(label: string): HTMLElement {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent === label);
  const el = l ? document.getElementById(l.htmlFor) : null;
  if (!el) throw new Error(`no control labelled ${label}`);
  return el;
}
const type = (label: string, text: string) => fireEvent.change(control(label), { target: { value: text } });

describe('a keystroke in a 50-field form', () => {
  it('renders only the field it changes', () => {
    const { sent, renders } = mount(wideSchema());
    expect(renders.size).toBeGreaterThanOrEqual(50); // every field rendered once on mount
    renders.clear();
    type('Field 1', 'a');
    type('Field 1', 'ab');
    expect([...renders.keys()]).toEqual(['f01']);
    expect(sent.value).toEqual({ f01: 'ab' });
  });

  it('renders a nested field and its container, not their siblings', () => {
    const { sent, renders } = mount(wideSchema());
    renders.clear();
    type('Field 4 x', 'deep');
    expect([...renders.keys()].sort()).toEqual(['f04', 'f04.x']);
    expect(sent.value).toEqual({ f04: { x: 'deep' } });
  });

  it('renders only the fields whose messages change', () => {
    const { sent, renders } = mount(wideSchema());
    renders.clear();
    type('Field 6', '-3'); // below its minimum: a message appears under it
    expect(screen.getByText('Field 6 must be at least 0.')).toBeTruthy();
    expect(control('Field 6').getAttribute('aria-invalid')).toBe('true');
    expect([...renders.keys()]).toEqual(['f06']);
    renders.clear();
    type('Field 1', 'x'); // the message about the missing required f01 goes away
    expect(screen.queryByText('Field 1 is required.')).toBeNull();
    expect([...renders.keys()]).toEqual(['f01']);
    expect(sent.value).toEqual({ f06: -3, f01: 'x' });
  });

  it('applies every edit to the latest value, though the other fields did not render again', () => {
    const { sent } = mount(wideSchema());
    type('Field 1', 'a');
    type('Field 5', 'five');
    type('Field 4 x', 'in');
    type('Field 1', 'ab');
    fireEvent.click(document.querySelector('[aria-label="Field 3: null"]')!);
    type('Field 4 x', 'inner');
    expect(sent.value).toEqual({ f01: 'ab', f05: 'five', f04: { x: 'inner' }, f03: null });
  });
});
