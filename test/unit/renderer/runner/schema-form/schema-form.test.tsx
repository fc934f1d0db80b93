// @vitest-environment jsdom
// The schema form on the schemas real tools publish (server-everything's, the built-ins'): each test fills the form
// as a user would and asserts the exact value the form hands to the runner. The shapes catalogue is in
// form-catalogue.test.tsx.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { McpPool } from '../../../../../electron/core/mcp/pool.js';
import { BUILTIN_TOOLS } from '../../../../../electron/core/tools/kinds/builtin/catalog.js';
import { initialValue } from '../../../../../renderer/src/runner/schema-form/form-state.js';
import { normalizeSchema } from '../../../../../renderer/src/runner/schema-form/schema-form-model.js';
import { SchemaForm } from '../../../../../renderer/src/runner/schema-form/SchemaForm.js';
import { validateArgs } from '../../../../../renderer/src/runner/schema-form/validate-args.js';
import type { JsonSchema, JsonValue } from '../../../../../shared/types.js';
import { EVERYTHING_SERVER } from '../../../../helpers.js';

afterEach(cleanup);

/** Renders the form like the runner does (value state, validation on every change) and reports what it would send. */
function mount(schema: JsonSchema) {
  const field = normalizeSchema(schema);
  const sent: { value: JsonValue | undefined; invalid: Map<string, string> } = {
    value: initialValue(field),
    invalid: new Map(),
  };
  function Harness() {
    const [value, setValue] = useState<JsonValue | undefined>(sent.value);
    const errors = new Map<string, string[]>();
    for (const e of validateArgs(schema, value))
      errors.set(e.pointer, [...(errors.get(e.pointer) ?? []), e.message]);
    return (
      <SchemaForm
        field={field}
        value={value}
        errors={errors}
        onInvalid={(m) => (sent.invalid = m)}
        onChange={(v) => {
          sent.value = v;
          setValue(v);
        }}
      />
    );
  }
  render(<Harness />);
  return sent;
}
const type = (label: string | RegExp, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });

describe('scalars', () => {
  it('sends strings, numbers in bounds, booleans and enums as typed, and leaves empty optional fields out', () => {
    const sent = mount({
      type: 'object',
      required: ['text'],
      properties: {
        text: { type: 'string', description: 'Some text' },
        count: { type: 'integer', minimum: 1, maximum: 5 },
        ratio: { type: 'number' },
        loud: { type: 'boolean' },
        mode: { enum: ['fast', 'slow', 2] },
        email: { type: 'string', format: 'email' },
      },
    });
    type(/^text/, 'hello');
    type('count', '3');
    type('ratio', '-0.5');
    fireEvent.change(screen.getByLabelText('loud'), { target: { value: 'false' } });
    fireEvent.change(screen.getByLabelText('mode'), { target: { value: '2' } });
    expect(sent.value).toEqual({ text: 'hello', count: 3, ratio: -0.5, loud: false, mode: 2 });
    expect(screen.getByLabelText<HTMLInputElement>('email').type).toBe('email');
    type('ratio', '');
    expect(sent.value).toEqual({ text: 'hello', count: 3, loud: false, mode: 2 });
  });

  it('sends null for a nullable field only when null is chosen', () => {
    const sent = mount({ type: 'object', properties: { note: { type: ['string', 'null'] } } });
    type('note', 'hi');
    expect(sent.value).toEqual({ note: 'hi' });
    fireEvent.click(screen.getByLabelText('note: null'));
    expect(sent.value).toEqual({ note: null });
    fireEvent.click(screen.getByLabelText('note: null'));
    expect(sent.value).toEqual({ note: '' });
  });

  it('starts from defaults, shown in the fields it fills', () => {
    const sent = mount({
      type: 'object',
      properties: { n: { type: 'integer', default: 4 }, s: { type: 'string' } },
    });
    expect(sent.value).toEqual({ n: 4 });
    expect(screen.getByLabelText<HTMLInputElement>('n').value).toBe('4');
    expect(screen.getByLabelText<HTMLInputElement>('s').value).toBe('');
  });
});

describe('schemas published by real tools', () => {
  const pool = new McpPool({
    everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'], source: 'test' },
  });
  afterAll(() => pool.close());

  it("fills server-everything's tools and sends what its schema accepts", async () => {
    const tools = await pool.listTools('everything');
    const schema = (name: string) => tools.find((t) => t.name === name)!.inputSchema as JsonSchema;

    let sent = mount(schema('echo'));
    type(/^message/, 'hi there');
    expect(sent.value).toEqual({ message: 'hi there' });
    expect(validateArgs(schema('echo'), sent.value)).toEqual([]);
    cleanup();

    sent = mount(schema('get-sum'));
    type(/^a/, '2');
    type(/^b/, '40');
    expect(sent.value).toEqual({ a: 2, b: 40 });
    cleanup();

    sent = mount(schema('trigger-long-running-operation'));
    expect(sent.value).toEqual({ duration: 10, steps: 5 });
    type(/^steps/, '2');
    expect(sent.value).toEqual({ duration: 10, steps: 2 });
    cleanup();

    sent = mount(schema('get-annotated-message'));
    const select = screen.getByLabelText(/^messageType/);
    fireEvent.change(select, {
      target: {
        value: String(
          within(select)
            .getAllByRole('option')
            .findIndex((o) => o.textContent === 'success') - 1,
        ),
      },
    });
    expect(sent.value).toMatchObject({ messageType: 'success' });
  });

  it('fills the built-in http_request form', () => {
    const sent = mount(BUILTIN_TOOLS.http_request!.inputSchema);
    type(/^url/, 'https://example.com/');
    fireEvent.change(screen.getByLabelText(/^method/), { target: { value: '1' } });
    expect(sent.value).toMatchObject({ url: 'https://example.com/', method: 'POST' });
  });
});
