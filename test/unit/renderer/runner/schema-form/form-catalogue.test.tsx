// @vitest-environment jsdom
// Issue 13's catalogue: every tool of the fixture skill test/fixtures/skills/form-shapes (the shapes real MCP servers
// and function-calling tools publish) filled only through the form's controls, asserting the exact value the runner
// would send, and the plain-words errors the shared check gives inside the branch the form shows.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  effectiveBranches,
  initialValue,
} from '../../../../../renderer/src/runner/schema-form/form-state.js';
import { normalizeSchema } from '../../../../../renderer/src/runner/schema-form/schema-form-model.js';
import { SchemaForm } from '../../../../../renderer/src/runner/schema-form/SchemaForm.js';
import {
  errorsByPointer,
  validateArgs,
} from '../../../../../renderer/src/runner/schema-form/validate-args.js';
import { splitFrontmatter } from '../../../../../shared/syntax/frontmatter.js';
import type { JsonSchema, JsonValue } from '../../../../../shared/types.js';
import { REPO } from '../../../../helpers.js';

afterEach(cleanup);

const manifest = readFileSync(join(REPO, 'test/fixtures/skills/form-shapes/SKILL.md'), 'utf8');
const split = splitFrontmatter(manifest);
if (split.kind !== 'ok') throw new Error('form-shapes has no frontmatter');
const tools = (
  parse(manifest.slice(split.yamlStart, split.yamlEnd)) as {
    tools: Array<{ name: string; inputSchema: JsonSchema }>;
  }
).tools;
const schemaOf = (name: string): JsonSchema => {
  const t = tools.find((x) => x.name === name);
  if (!t) throw new Error(`no tool ${name} in form-shapes`);
  return t.inputSchema;
};
const tested = new Set<string>();

/** Renders the form as the runner does (value, union picks, the shared check) and reports what it would send. */
function mount(name: string) {
  tested.add(name);
  const schema = schemaOf(name);
  const field = normalizeSchema(schema);
  const sent: { value: JsonValue | undefined; invalid: Map<string, string>; errors: Map<string, string[]> } =
    {
      value: initialValue(field),
      invalid: new Map(),
      errors: new Map(),
    };
  function Harness() {
    const [value, setValue] = useState<JsonValue | undefined>(sent.value);
    const [picks, setPicks] = useState<ReadonlyMap<string, number>>(new Map());
    const errors = errorsByPointer(validateArgs(schema, value, effectiveBranches(field, value, picks)));
    sent.errors = errors;
    return (
      <SchemaForm
        field={field}
        value={value}
        errors={errors}
        picks={picks}
        onPick={(p, i) => setPicks((m) => new Map(m).set(p, i))}
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
const type = (label: string | RegExp, text: string, index = 0) =>
  fireEvent.change(screen.getAllByLabelText(label)[index]!, { target: { value: text } });
const choose = (label: string | RegExp, optionText: string) => {
  const select = screen.getByLabelText<HTMLSelectElement>(label);
  const option = within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .find((o) => o.textContent === optionText);
  if (!option) throw new Error(`no option ${optionText}`);
  fireEvent.change(select, { target: { value: option.value } });
};
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const allErrors = (sent: { errors: Map<string, string[]> }) => [...sent.errors.values()].flat();

describe('scalars, formats, enums, const', () => {
  it('scalars: sends what is typed and leaves cleared optional fields out', () => {
    const sent = mount('scalars');
    type('Text', 'hello');
    type('count', '3');
    type('ratio', '-0.5');
    choose('loud', 'false');
    choose('mode', '2');
    expect(sent.value).toEqual({ text: 'hello', count: 3, ratio: -0.5, loud: false, mode: 2 });
    type('ratio', '');
    choose('mode', '(not set)');
    expect(sent.value).toEqual({ text: 'hello', count: 3, loud: false });
    type('count', '9');
    expect(sent.errors.get('/count')).toEqual(['count must be at most 5.']);
    type('count', 'x1');
    expect(sent.invalid.get('/count')).toBe('"x1" is not a number.');
    expect(sent.value).toEqual({ text: 'hello', loud: false });
  });

  it('formats: typed inputs, format errors in plain words, a masked secret', () => {
    const sent = mount('formats');
    expect(screen.getByLabelText<HTMLInputElement>('Email').type).toBe('email');
    expect(screen.getByLabelText<HTMLInputElement>('Secret').type).toBe('password');
    type('Email', 'nope');
    type('Site', 'https://example.com/a');
    type('Secret', 's3');
    expect(sent.value).toEqual({ email: 'nope', site: 'https://example.com/a', secret: 's3' });
    expect(sent.errors.get('/email')).toEqual(['Email must be an email address.']);
  });

  it('titled-enum: an optional oneOf of consts starts not set, sends the picked const, and can be unset', () => {
    const sent = mount('titled-enum');
    const select = screen.getByLabelText<HTMLSelectElement>('Level');
    expect(select.selectedOptions[0]?.textContent).toBe('(not set)');
    expect(sent.value).toEqual({});
    choose('Level', 'High');
    expect(sent.value).toEqual({ level: 'hi' });
    choose('Level', 'Low');
    expect(sent.value).toEqual({ level: 'lo' });
    choose('Level', '(not set)');
    expect(sent.value).toEqual({});
    // Each option once, by its title.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['(not set)', 'Low', 'High']);
  });

  it('titled-enum-required: nothing is invented; the missing value is named', () => {
    const sent = mount('titled-enum-required');
    expect(sent.value).toEqual({});
    expect(sent.errors.get('/priority')).toEqual(['Priority is required.']);
    choose('Priority', 'Normal');
    expect(sent.value).toEqual({ priority: 2 });
    expect(allErrors(sent)).toEqual([]);
  });

  it('const-field: the const is sent and shown once', () => {
    const sent = mount('const-field');
    type('Name', 'x');
    expect(sent.value).toEqual({ version: 'v1', name: 'x' });
    expect(screen.getAllByText('v1')).toHaveLength(1);
  });

  it('defaults: fields start from their defaults, shown', () => {
    const sent = mount('defaults');
    expect(sent.value).toEqual({ n: 4 });
    expect(screen.getByLabelText<HTMLInputElement>('N').value).toBe('4');
    type('S', 'z');
    expect(sent.value).toEqual({ n: 4, s: 'z' });
  });

  it('no-args: says so and sends {}', () => {
    const sent = mount('no-args');
    expect(screen.getByText('This tool takes no arguments.')).toBeTruthy();
    expect(sent.value).toEqual({});
  });
});

describe('nullable', () => {
  it('nullable-default-null: unticking null gives a fresh blank (not the null default), ticking it sends null', () => {
    const sent = mount('nullable-default-null');
    expect(sent.value).toEqual({ zip: null });
    const toggle = screen.getByLabelText<HTMLInputElement>('Zip code: null');
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(sent.value).toEqual({ zip: '' });
    type('Zip code', '75001');
    expect(sent.value).toEqual({ zip: '75001' });
    fireEvent.click(screen.getByLabelText('Zip code: null'));
    expect(sent.value).toEqual({ zip: null });
  });

  it('nullable-number: a required nullable number is null or a number', () => {
    const sent = mount('nullable-number');
    expect(sent.value).toEqual({});
    expect(sent.errors.get('/limit')).toEqual(['Limit is required.']);
    type('Limit', '7');
    expect(sent.value).toEqual({ limit: 7 });
    fireEvent.click(screen.getByLabelText('Limit: null'));
    expect(sent.value).toEqual({ limit: null });
    expect(allErrors(sent)).toEqual([]);
    fireEvent.click(screen.getByLabelText('Limit: null'));
    expect(sent.value).toEqual({});
    type('Limit', '-1');
    expect(sent.errors.get('/limit')).toEqual(['Limit must be at least 0.']);
  });
});

describe('objects and lists', () => {
  it('nested: fills a nested object and names the pattern it breaks', () => {
    const sent = mount('nested');
    type('City', 'Lyon');
    type('Zip', '6900');
    expect(sent.value).toEqual({ address: { city: 'Lyon', zip: '6900' } });
    expect(sent.errors.get('/address/zip')).toEqual(['Zip must match the pattern ^[0-9]{5}$.']);
  });

  it('tags: items are named "Tags item N", never "Tags (tags) 1"', () => {
    const sent = mount('tags');
    click('Add item to Tags');
    click('Add item to Tags');
    type('Tags item 1', 'a');
    type('Tags item 2', 'b');
    expect(sent.value).toEqual({ tags: ['a', 'b'] });
    click('Remove Tags item 1');
    expect(sent.value).toEqual({ tags: ['b'] });
    click('Clear Tags');
    expect(sent.value).toEqual({});
  });

  it('people: adds, edits, reorders and removes objects; a new item misses only what the user must type', () => {
    const sent = mount('people');
    click('Add item to People');
    click('Add item to People');
    expect(sent.value).toEqual({ people: [{}, {}] });
    type('Name', 'Ada', 0);
    type('Name', 'Grace', 1);
    type('Age', '85', 1);
    expect(sent.value).toEqual({ people: [{ name: 'Ada' }, { name: 'Grace', age: 85 }] });
    click('Move People item 2 up');
    expect(sent.value).toEqual({ people: [{ name: 'Grace', age: 85 }, { name: 'Ada' }] });
    click('Remove People item 1');
    expect(sent.value).toEqual({ people: [{ name: 'Ada' }] });
  });

  it('strict-object: a key typed elsewhere that the tool refuses is shown (not hidden) and flagged', () => {
    tested.add('strict-object');
    const schema = schemaOf('strict-object');
    const field = normalizeSchema(schema);
    const value = { a: 'x', b: 1 };
    render(
      <SchemaForm
        field={field}
        value={value}
        onChange={() => {}}
        errors={errorsByPointer(validateArgs(schema, value))}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Arguments: key 1').value).toBe('b');
    expect(screen.getByText('b is not a field this tool accepts; remove it.')).toBeTruthy();
  });

  it('any-value: a JSON field labelled with why', () => {
    const sent = mount('any-value');
    expect(screen.getByText('Edited as JSON: any JSON value is accepted.')).toBeTruthy();
    type('Payload', '{"k": [1, 2]}');
    expect(sent.value).toEqual({ payload: { k: [1, 2] } });
    type('Payload', '{"k": ');
    expect(sent.invalid.get('/payload')).toMatch(/^Not valid JSON/);
  });
});

describe('unions', () => {
  it('shape: the branch is the user pick; the error inside it names the field and the branch', () => {
    const sent = mount('shape');
    expect(sent.value).toEqual({ shape: { kind: 'circle' } });
    expect(sent.errors.get('/shape/radius')).toEqual(['Radius is required for a circle.']);
    // The discriminator is shown once, in the selector.
    expect(screen.queryAllByText('circle')).toHaveLength(0);
    type('Radius', '2');
    expect(sent.value).toEqual({ shape: { kind: 'circle', radius: 2 } });
    expect(allErrors(sent)).toEqual([]);
    choose('Shape: variant', 'Square');
    expect(sent.value).toEqual({ shape: { kind: 'square' } });
    expect(allErrors(sent)).toEqual(['Side is required for a square.']);
    type('Side', '3');
    expect(sent.value).toEqual({ shape: { kind: 'square', side: 3 } });
  });

  it('search: a root anyOf without a discriminator switches and stays switched', () => {
    const sent = mount('search');
    expect(sent.value).toEqual({});
    choose('Arguments: variant', 'By id');
    expect(
      screen.getByLabelText<HTMLSelectElement>('Arguments: variant').selectedOptions[0]?.textContent,
    ).toBe('By id');
    expect(sent.errors.get('/id')).toEqual(['Id is required for a by id.']);
    type('Id', '42');
    expect(sent.value).toEqual({ id: 42 });
    choose('Arguments: variant', 'By query');
    type('Query', 'cats');
    expect(sent.value).toEqual({ query: 'cats' });
  });

  it('nullable-union: optional, null, or one of two objects', () => {
    const sent = mount('nullable-union');
    expect(sent.value).toEqual({});
    choose('Target: variant', 'Url');
    type('Url', 'https://a.example/');
    expect(sent.value).toEqual({ target: { url: 'https://a.example/' } });
    fireEvent.click(screen.getByLabelText('Target: null'));
    expect(sent.value).toEqual({ target: null });
    fireEvent.click(screen.getByLabelText('Target: null'));
    choose('Target: variant', 'Path');
    type('Path', '/tmp');
    expect(sent.value).toEqual({ target: { path: '/tmp' } });
  });

  it('several-types: type [string, integer] is a choice of text or whole number', () => {
    const sent = mount('several-types');
    choose('Value: variant', 'whole number');
    type('Value', '5');
    expect(sent.value).toEqual({ value: 5 });
    choose('Value: variant', 'text');
    type('Value', 'five');
    expect(sent.value).toEqual({ value: 'five' });
  });

  it('list-of-unions: each item keeps its own branch', () => {
    const sent = mount('list-of-unions');
    click('Add item to Steps');
    click('Add item to Steps');
    const variants = screen.getAllByLabelText<HTMLSelectElement>(/^Steps item \d: variant$/);
    const say = within(variants[1]!)
      .getAllByRole<HTMLOptionElement>('option')
      .find((o) => o.textContent === 'Say')!;
    fireEvent.change(variants[1]!, { target: { value: say.value } });
    type('Milliseconds', '10');
    type('Words', 'hi');
    expect(sent.value).toEqual({
      steps: [
        { op: 'wait', ms: 10 },
        { op: 'say', text: 'hi' },
      ],
    });
  });
});

describe('allOf, recursion', () => {
  it('all-of: the parts are one form, with every rule of both', () => {
    const sent = mount('all-of');
    expect(sent.value).toEqual({});
    type('Id', 'a');
    type('Note', 'n');
    expect(sent.value).toEqual({ id: 'a', note: 'n' });
    expect(sent.errors.get('/id')).toEqual(['Id must be at least 2 characters long.']);
  });

  it('all-of-conflict: parts that disagree fall back to JSON and say why', () => {
    const sent = mount('all-of-conflict');
    expect(
      screen.getByText('Edited as JSON: it combines schemas with allOf and its parts disagree on "type".'),
    ).toBeTruthy();
    type('Odd', '"s"');
    expect(sent.value).toEqual({ odd: 's' });
  });

  it('tree: a recursive $ref nests forms of the same shape as items are added', () => {
    const sent = mount('tree');
    expect(sent.value).toEqual({ root: {} });
    type('Label', 'top');
    click('Add item to Children');
    type('Label', 'child', 1);
    // The child has its own Children list: the root's button comes after it.
    fireEvent.click(screen.getAllByRole('button', { name: 'Add item to Children' }).at(-1)!);
    expect(sent.value).toEqual({ root: { label: 'top', children: [{ label: 'child' }, {}] } });
    expect(sent.errors.get('/root/children/1/label')).toEqual(['Label is required.']);
  });

  it('binary: optional recursive branches are expanded on demand', () => {
    const sent = mount('binary');
    expect(screen.getAllByRole('button', { name: /^Expand / })).toHaveLength(2);
    type('Value', '1');
    click('Expand Left');
    expect(sent.value).toEqual({ value: 1 });
    type('Value', '2', 1);
    expect(sent.value).toEqual({ value: 1, left: { value: 2 } });
    // One level deeper, the same shape again, still collapsed.
    expect(screen.getAllByRole('button', { name: /^Expand / })).toHaveLength(3);
  });
});

describe('maps, pattern keys, tuples', () => {
  it('env-map: key/value rows with add, rename and remove', () => {
    const sent = mount('env-map');
    click('Add entry to Environment');
    expect(sent.value).toEqual({ env: { key1: '' } });
    type('Environment: key 1', 'HOME');
    type('Environment: HOME', '/root');
    click('Add entry to Environment');
    type('Environment: key 2', 'HOME');
    expect(sent.invalid.get('/env/key2#key')).toBe('The key "HOME" is already used.');
    type('Environment: key 2', 'LANG');
    type('Environment: LANG', 'C');
    expect(sent.value).toEqual({ env: { HOME: '/root', LANG: 'C' } });
    expect(sent.invalid.size).toBe(0);
    click('Remove HOME from Environment');
    expect(sent.value).toEqual({ env: { LANG: 'C' } });
  });

  it('header-map: map values that are objects get their own forms', () => {
    const sent = mount('header-map');
    click('Add entry to Limits');
    type('Limits: key 1', 'cpu');
    expect(sent.errors.get('/limits/cpu/max')).toEqual(['Max is required.']);
    type('Max', '4');
    expect(sent.value).toEqual({ limits: { cpu: { max: 4 } } });
  });

  it('props-and-map: declared properties beside free keys of a given type', () => {
    const sent = mount('props-and-map');
    type('Name', 'n');
    click('Add entry to Arguments');
    type('Arguments: key 1', 'retries');
    type('Arguments: retries', '3');
    expect(sent.value).toEqual({ name: 'n', retries: 3 });
  });

  it('pattern-keys: keys must match the pattern; others are refused in plain words', () => {
    const sent = mount('pattern-keys');
    click('Add entry to Headers');
    expect(sent.errors.get('/headers/key1')).toEqual([
      'key1 is not a field this tool accepts in Headers; remove it.',
    ]);
    type('Headers: key 1', 'x-trace');
    type('Headers: x-trace', 'on');
    expect(sent.value).toEqual({ headers: { 'x-trace': 'on' } });
    expect(allErrors(sent)).toEqual([]);
  });

  it('point: prefixItems are fixed positions', () => {
    const sent = mount('point');
    type('2. Y', '4');
    expect(sent.value).toEqual({ point: [0, 4] });
    type('1. X', '3');
    expect(sent.value).toEqual({ point: [3, 4] });
    expect(screen.queryByRole('button', { name: 'Add item to Point' })).toBeNull();
  });

  it('draft07-tuple: items as a list under draft-07, checked with draft-07 rules', () => {
    const sent = mount('draft07-tuple');
    type('1. Name', 'ada');
    type('2. Rank', '1');
    expect(sent.value).toEqual({ pair: ['ada', 1] });
    expect(allErrors(sent)).toEqual([]);
    type('2. Rank', '1.5');
    expect(sent.errors.get('/pair/1')).toEqual(['Rank must be a whole number.']);
  });

  it('list-of-maps: a new item is an empty map, not null', () => {
    const sent = mount('list-of-maps');
    click('Add item to Rows');
    expect(sent.value).toEqual({ rows: [{}] });
    expect(allErrors(sent)).toEqual([]);
    click('Add entry to Rows item 1');
    type('Rows item 1: key 1', 'k');
    type('Rows item 1: k', 'v');
    expect(sent.value).toEqual({ rows: [{ k: 'v' }] });
  });
});

describe('conditions', () => {
  it('dependent: dependentRequired is shown as a rule and checked', () => {
    const sent = mount('dependent');
    expect(screen.getByText('When card is given, billing is required too.')).toBeTruthy();
    type('Card', '4242');
    expect(sent.errors.get('/billing')).toEqual(['Billing address is required when Card is given.']);
    type('Billing address', 'Paris');
    expect(sent.value).toEqual({ card: '4242', billing: 'Paris' });
    expect(allErrors(sent)).toEqual([]);
  });

  it('conditional: if/then/else fields are shown and the rule is said in words', () => {
    const sent = mount('conditional');
    expect(screen.getByText('When country is US, zip required.')).toBeTruthy();
    choose('Country', 'US');
    expect(sent.errors.get('/zip')).toEqual(['Zip code is required when Country is "US".']);
    type('Zip code', '10001');
    expect(sent.value).toEqual({ country: 'US', zip: '10001' });
    expect(allErrors(sent)).toEqual([]);
  });
});

describe('the catalogue', () => {
  it('covers every tool of the fixture skill (at least 30 shapes)', () => {
    expect(tools.length).toBeGreaterThanOrEqual(30);
    expect(tools.map((t) => t.name).filter((n) => !tested.has(n))).toEqual([]);
  });
});
