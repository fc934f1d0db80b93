// The one schema-to-form normaliser (STYLE.md "One way to do a thing"): a pure step from a tool's JSON Schema to
// the fields a form can show honestly, plus the form's state rules (which union branch is shown, the value a fresh
// field starts with). Whatever a form cannot show exactly becomes a JSON field saying why, so the form never sends
// something different from what it shows (the MCP Inspector rule).
import type { JsonSchema, JsonValue } from '../../../../shared/types.js';

interface Common {
  title?: string;
  description?: string;
  default?: JsonValue;
  /** `null` is an accepted value (type [X, "null"], or anyOf/oneOf with a null branch). */
  nullable: boolean;
  /** writeOnly: a secret, shown masked. */
  secret: boolean;
  readOnly: boolean;
  /** Rules the form shows as text and the validator checks (if/then/else, dependentRequired, not, contains…). */
  notes?: string[];
}

export interface Branch {
  label: string;
  field: Field;
  /** A property whose const value names this branch (a discriminator). */
  discriminator?: { name: string; value: JsonValue };
}

export interface ObjectProperty {
  name: string;
  required: boolean;
  field: Field;
}

export type Field = Common &
  (
    | { kind: 'string'; format?: string; minLength?: number; maxLength?: number; pattern?: string }
    | {
        kind: 'number' | 'integer';
        minimum?: number;
        maximum?: number;
        exclusiveMinimum?: number;
        exclusiveMaximum?: number;
        multipleOf?: number;
      }
    | { kind: 'boolean' }
    | { kind: 'enum'; options: Array<{ value: JsonValue; label: string }> }
    | { kind: 'const'; value: JsonValue }
    | {
        kind: 'object';
        properties: ObjectProperty[];
        /**
         * Keys beyond `properties`: 'any' (allowed, any value), 'none' (refused), or the schema of their values (a
         * map: rows of key and value). `patterns` give the value schema of keys matching each pattern.
         */
        additional: Field | 'any' | 'none';
        patterns: Array<{ pattern: string; field: Field }>;
        minProperties?: number;
        maxProperties?: number;
      }
    | { kind: 'array'; items: Field; minItems?: number; maxItems?: number; uniqueItems: boolean }
    | { kind: 'tuple'; prefix: Field[]; rest: Field | undefined; minItems?: number }
    | { kind: 'choice'; branches: Branch[] }
    | { kind: 'ref'; ref: string; resolve: () => Field }
    | { kind: 'json'; reason: string }
  );

type Obj = { [key: string]: JsonValue };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: JsonValue | undefined) => (typeof v === 'number' ? v : undefined);
const str = (v: JsonValue | undefined) => (typeof v === 'string' ? v : undefined);
const same = (a: JsonValue | undefined, b: JsonValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** Keywords no form can honour: a schema using them is edited as JSON. */
const UNSUPPORTED = ['$dynamicRef', '$recursiveRef'];
const MAX_DEPTH = 24;

function common(s: Obj, nullable: boolean): Common {
  const c: Common = { nullable, secret: s.writeOnly === true, readOnly: s.readOnly === true };
  if (typeof s.title === 'string') c.title = s.title;
  if (typeof s.description === 'string') c.description = s.description;
  if (s.default !== undefined) c.default = s.default;
  return c;
}

export function resolveRef(ref: string, root: Obj): Obj | undefined {
  if (!ref.startsWith('#')) return undefined; // remote refs are never fetched
  let node: JsonValue = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (!isObj(node) || !(key in node)) return undefined;
    node = node[key] as JsonValue;
  }
  return isObj(node) ? node : undefined;
}

const isNullSchema = (s: JsonValue) =>
  isObj(s) && (s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null));

interface Ctx {
  root: Obj;
  /** One field per recursive reference, built when first expanded. */
  lazy: Map<string, Field>;
}

export function normalizeSchema(schema: JsonSchema, root: JsonSchema = schema): Field {
  return normalize(schema, { root: isObj(root) ? root : {}, lazy: new Map() }, 0, new Set());
}

/**
 * Merges the parts of an allOf into one schema when they agree: properties by name (a property in several parts
 * becomes the allOf of its schemas), `required` joined, other keywords equal or given once. The reason, when they
 * conflict.
 */
export function mergeAllOf(parts: Obj[], root: Obj): Obj | string {
  const out: Obj = {};
  const props: Record<string, JsonValue[]> = {};
  const required = new Set<string>();
  for (const [i, raw] of parts.entries()) {
    let part = raw;
    if (typeof part.$ref === 'string') {
      const target = resolveRef(part.$ref, root);
      if (!target) return `part ${i + 1} refers to ${part.$ref}, which does not resolve`;
      const { $ref: _r, ...rest } = part;
      part = { ...target, ...rest };
    }
    if (Array.isArray(part.allOf)) {
      const { allOf, ...rest } = part;
      const inner = mergeAllOf([...allOf.filter(isObj), rest], root);
      if (typeof inner === 'string') return inner;
      part = inner;
    }
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties' && isObj(v)) {
        for (const [name, p] of Object.entries(v)) (props[name] ??= []).push(p);
      } else if (k === 'required' && Array.isArray(v)) {
        for (const r of v) if (typeof r === 'string') required.add(r);
      } else if (k === 'title' || k === 'description' || k === '$comment' || k === '$schema' || k === '$id') {
        out[k] = v; // the schema around the allOf (the last part) names the whole
      } else if (k in out && !same(out[k], v)) {
        return `its parts disagree on "${k}"`;
      } else out[k] = v;
    }
  }
  // additionalProperties: false in one part refuses the properties the other parts declare.
  for (const [i, raw] of parts.entries()) {
    const part = typeof raw.$ref === 'string' ? (resolveRef(raw.$ref, root) ?? raw) : raw;
    if (part.additionalProperties === false) {
      const own = isObj(part.properties) ? Object.keys(part.properties) : [];
      const foreign = Object.keys(props).find((name) => !own.includes(name));
      if (foreign) return `part ${i + 1} refuses "${foreign}", which another part declares`;
    }
  }
  if (Object.keys(props).length)
    out.properties = Object.fromEntries(
      Object.entries(props).map(([name, list]) => [
        name,
        list.length === 1 ? (list[0] as JsonValue) : { allOf: list },
      ]),
    );
  if (required.size) out.required = [...required];
  return out;
}

function normalize(schema: JsonSchema, ctx: Ctx, depth: number, seenRefs: Set<string>): Field {
  const json = (reason: string, s: Obj = {}) => ({ ...common(s, false), kind: 'json' as const, reason });
  if (
    schema === true ||
    (isObj(schema) &&
      Object.keys(schema).every((k) =>
        ['title', 'description', 'default', '$schema', '$id', '$comment', 'examples'].includes(k),
      ))
  ) {
    return json('any JSON value is accepted', isObj(schema) ? schema : {});
  }
  if (!isObj(schema)) return json('this value cannot be given (the schema accepts nothing)');
  if (depth > MAX_DEPTH) return json('nested too deeply for a form', schema);

  let s: Obj = schema;
  if (typeof s.$ref === 'string') {
    const ref = s.$ref;
    const target = resolveRef(ref, ctx.root);
    if (!target)
      return json(`it refers to ${ref}, which does not resolve here (remote schemas are never fetched)`, s);
    const { $ref: _drop, ...rest } = s;
    if (seenRefs.has(ref)) {
      // A recursive reference (a tree): a nested form of the same shape, built when the user expands it.
      const merged = { ...target, ...rest };
      return {
        ...common(merged, false),
        kind: 'ref',
        ref,
        resolve: () => {
          let f = ctx.lazy.get(ref);
          if (!f) {
            f = normalize(merged, ctx, 0, new Set([ref]));
            ctx.lazy.set(ref, f);
          }
          return f;
        },
      };
    }
    s = { ...target, ...rest };
    seenRefs = new Set([...seenRefs, ref]);
  }
  const unsupported = UNSUPPORTED.find((k) => k in s);
  if (unsupported) return json(`it uses "${unsupported}", which a form cannot follow`, s);
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    const merged = mergeAllOf([...allOf.filter(isObj), rest], ctx.root);
    if (typeof merged === 'string') return json(`it combines schemas with allOf and ${merged}`, s);
    return normalize(merged, ctx, depth + 1, seenRefs);
  }

  // anyOf / oneOf: a null branch makes the field nullable; one remaining branch is that field; consts are an enum;
  // more are a choice.
  const union = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined;
  if (union) {
    const nullable = union.some(isNullSchema);
    const branches = union.filter((b) => !isNullSchema(b));
    const { oneOf: _o, anyOf: _a, ...rest } = s;
    if (branches.length === 1) {
      const field = normalize({ ...rest, ...(branches[0] as Obj) }, ctx, depth + 1, seenRefs);
      return withCommon(field, rest, nullable || field.nullable);
    }
    if (branches.length > 0 && branches.every((b) => isObj(b) && 'const' in b)) {
      // An enum with titles: one option per const, named by its title.
      const options = branches.map((b) => {
        const o = b as Obj;
        return {
          value: o.const ?? null,
          label: typeof o.title === 'string' ? o.title : display(o.const ?? null),
        };
      });
      return { ...common(s, nullable), kind: 'enum', options };
    }
    const fields = branches.map((b, i): Branch => {
      const f = normalize(isObj(b) ? { ...b } : (b as JsonSchema), ctx, depth + 1, seenRefs);
      const branch: Branch = { label: branchLabel(b, f, i), field: f };
      const d = discriminatorOf(f);
      if (d) branch.discriminator = d;
      return branch;
    });
    return { ...common(s, nullable), kind: 'choice', branches: fields };
  }

  let nullable = false;
  let type = s.type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t): t is string => typeof t === 'string' && t !== 'null');
    nullable = nonNull.length < type.length;
    if (nonNull.length > 1) {
      // Several types: a choice of one field per type, with the other keywords applying to each.
      const { type: _t, title: _ti, description: _de, default: _df, ...rest } = s;
      const branches = nonNull.map((t): Branch => ({
        label: TYPE_LABELS[t] ?? t,
        field: normalize({ ...rest, type: t }, ctx, depth + 1, seenRefs),
      }));
      return { ...common(s, nullable), kind: 'choice', branches };
    }
    type = nonNull[0];
  }
  const c = common(s, nullable);
  if ('const' in s) return { ...c, kind: 'const', value: s.const ?? null };
  if (Array.isArray(s.enum)) {
    const values = s.enum.filter((v) => v !== null);
    return {
      ...c,
      nullable: c.nullable || values.length < s.enum.length,
      kind: 'enum',
      options: values.map((v) => ({ value: v, label: display(v) })),
    };
  }
  if (type === undefined)
    type =
      isObj(s.properties) ||
      isObj(s.additionalProperties) ||
      isObj(s.patternProperties) ||
      Array.isArray(s.required)
        ? 'object'
        : s.items !== undefined || s.prefixItems !== undefined
          ? 'array'
          : undefined;
  switch (type) {
    case 'string': {
      const f: Field = { ...c, kind: 'string' };
      if (typeof s.format === 'string') f.format = s.format;
      if (num(s.minLength) !== undefined) f.minLength = num(s.minLength);
      if (num(s.maxLength) !== undefined) f.maxLength = num(s.maxLength);
      if (str(s.pattern) !== undefined) f.pattern = str(s.pattern);
      return f;
    }
    case 'number':
    case 'integer': {
      const f: Field = { ...c, kind: type };
      for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const) {
        const v = num(s[k]);
        if (v !== undefined) f[k] = v;
      }
      return f;
    }
    case 'boolean':
      return { ...c, kind: 'boolean' };
    case 'object':
      return objectField(s, c, ctx, depth, seenRefs);
    case 'array': {
      // A tuple: prefixItems (2020-12) or items as a list (draft-07), then items / additionalItems for the rest.
      const prefix = Array.isArray(s.prefixItems)
        ? s.prefixItems
        : Array.isArray(s.items)
          ? s.items
          : undefined;
      if (prefix) {
        const restSchema = Array.isArray(s.prefixItems) ? s.items : s.additionalItems;
        const f: Field = {
          ...c,
          kind: 'tuple',
          prefix: prefix.map((p) => normalize(p as JsonSchema, ctx, depth + 1, seenRefs)),
          rest:
            restSchema === false
              ? undefined
              : normalize((restSchema ?? true) as JsonSchema, ctx, depth + 1, seenRefs),
        };
        if (num(s.minItems) !== undefined) f.minItems = num(s.minItems);
        return f;
      }
      const f: Field = {
        ...c,
        kind: 'array',
        items: normalize((s.items ?? true) as JsonSchema, ctx, depth + 1, seenRefs),
        uniqueItems: s.uniqueItems === true,
      };
      if (num(s.minItems) !== undefined) f.minItems = num(s.minItems);
      if (num(s.maxItems) !== undefined) f.maxItems = num(s.maxItems);
      if (s.contains !== undefined)
        f.notes = ['At least one item must match the rule the tool gives for it.'];
      return f;
    }
    default:
      return json(type === 'null' ? 'only null is accepted' : 'the schema gives no type', s);
  }
}

function withCommon(field: Field, outer: Obj, nullable: boolean): Field {
  const out: Field = { ...field, nullable };
  if (typeof outer.title === 'string') out.title = outer.title;
  if (typeof outer.description === 'string') out.description = outer.description;
  if (outer.default !== undefined) out.default = outer.default;
  return out;
}

const TYPE_LABELS: Record<string, string> = {
  string: 'text',
  number: 'number',
  integer: 'whole number',
  boolean: 'true / false',
  object: 'object',
  array: 'list',
};

function objectField(s: Obj, c: Common, ctx: Ctx, depth: number, seenRefs: Set<string>): Field {
  const props: Obj = isObj(s.properties) ? { ...s.properties } : {};
  const required = new Set(
    Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [],
  );
  const notes: string[] = [];
  // if/then/else and dependentSchemas: the properties they mention are shown (optional); the validator checks the rule.
  for (const k of ['then', 'else'] as const) {
    const sub = s[k];
    if (isObj(sub) && isObj(sub.properties))
      for (const [name, p] of Object.entries(sub.properties)) if (!(name in props)) props[name] = p;
  }
  // A required key no property declares is still asked for (as any JSON value).
  for (const name of required) if (!(name in props)) props[name] = true;
  if (isObj(s.if)) notes.push(conditionNote(s));
  if (isObj(s.dependentSchemas))
    for (const [key, sub] of Object.entries(s.dependentSchemas)) {
      if (isObj(sub) && isObj(sub.properties))
        for (const [name, p] of Object.entries(sub.properties)) if (!(name in props)) props[name] = p;
      notes.push(`When ${key} is given, more rules apply (checked as you type).`);
    }
  const dependent = isObj(s.dependentRequired)
    ? s.dependentRequired
    : isObj(s.dependencies)
      ? s.dependencies
      : {};
  for (const [key, list] of Object.entries(dependent))
    if (Array.isArray(list) && list.length)
      notes.push(
        `When ${key} is given, ${list.map(String).join(', ')} ${list.length === 1 ? 'is' : 'are'} required too.`,
      );
  if (s.not !== undefined)
    notes.push('Some combinations of values are ruled out by the tool (checked as you type).');
  if (s.propertyNames !== undefined) notes.push('Keys must follow the rule the tool gives for names.');
  const ap = s.additionalProperties;
  const f: Field = {
    ...c,
    kind: 'object',
    properties: Object.entries(props).map(([name, p]) => ({
      name,
      required: required.has(name),
      field: normalize(p as JsonSchema, ctx, depth + 1, seenRefs),
    })),
    additional:
      ap === false
        ? 'none'
        : isObj(ap) && Object.keys(ap).length > 0
          ? normalize(ap, ctx, depth + 1, seenRefs)
          : 'any',
    patterns: isObj(s.patternProperties)
      ? Object.entries(s.patternProperties).map(([pattern, p]) => ({
          pattern,
          field: normalize(p as JsonSchema, ctx, depth + 1, seenRefs),
        }))
      : [],
  };
  if (num(s.minProperties) !== undefined) f.minProperties = num(s.minProperties);
  if (num(s.maxProperties) !== undefined) f.maxProperties = num(s.maxProperties);
  // Required keys that no property declares are still required: they appear as rows for free keys.
  if (notes.length) f.notes = [...(c.notes ?? []), ...notes];
  return f;
}

function conditionNote(s: Obj): string {
  const cond = isObj(s.if) && isObj(s.if.properties) ? s.if.properties : {};
  const when = Object.entries(cond)
    .filter(([, p]) => isObj(p) && 'const' in p)
    .map(([k, p]) => `${k} is ${display((p as Obj).const ?? null)}`);
  const req = (x: JsonValue | undefined) =>
    isObj(x) && Array.isArray(x.required) && x.required.length ? x.required.map(String).join(', ') : '';
  if (when.length && (req(s.then) || req(s.else))) {
    const parts: string[] = [];
    if (req(s.then)) parts.push(`when ${when.join(' and ')}, ${req(s.then)} required`);
    if (req(s.else)) parts.push(`otherwise ${req(s.else)} required`);
    const text = parts.join('; ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }
  return 'Some fields depend on the values of others (if/then/else, checked as you type).';
}

const display = (v: JsonValue) => (typeof v === 'string' ? v : JSON.stringify(v));

function discriminatorOf(field: Field): Branch['discriminator'] {
  if (field.kind !== 'object') return undefined;
  for (const p of field.properties) {
    if (p.field.kind === 'const') return { name: p.name, value: p.field.value };
    if (p.field.kind === 'enum' && p.field.options.length === 1 && p.field.options[0])
      return { name: p.name, value: p.field.options[0].value };
  }
  return undefined;
}

function branchLabel(schema: JsonValue, field: Field, index: number): string {
  if (isObj(schema) && typeof schema.title === 'string') return schema.title;
  if (field.title) return field.title;
  if (field.kind === 'const') return display(field.value);
  const d = discriminatorOf(field);
  if (d) return display(d.value);
  if (field.kind === 'object' && field.properties.length)
    return `with ${field.properties
      .slice(0, 3)
      .map((p) => p.name)
      .join(', ')}`;
  return field.kind === 'json' || field.kind === 'ref'
    ? `option ${index + 1}`
    : (TYPE_LABELS[field.kind] ?? field.kind);
}

// --- the form's state rules --------------------------------------------------------------------------------

/** Whether a value could belong to a field (its kind, and its discriminator for object branches). */
export function fits(field: Field, value: JsonValue | undefined): boolean {
  if (value === undefined) return true;
  if (value === null) return field.nullable || field.kind === 'json';
  switch (field.kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return field.options.some((o) => same(o.value, value));
    case 'const':
      return same(field.value, value);
    case 'array':
    case 'tuple':
      return Array.isArray(value);
    case 'object': {
      if (!isObj(value)) return false;
      return field.properties.every((p) => {
        if (p.field.kind === 'const') return !(p.name in value) || same(value[p.name], p.field.value);
        return true;
      });
    }
    case 'choice':
      return field.branches.some((b) => fits(b.field, value));
    case 'ref':
      return fits(field.resolve(), value);
    case 'json':
      return true;
  }
}

/**
 * The branch a loaded value belongs to: a matching discriminator first, then the branch that fits with the most
 * of the value's keys known (and none of its required keys missing), then the first that fits, else the first.
 */
export function pickBranch(branches: Branch[], value: JsonValue | undefined): number {
  if (value === undefined) return 0;
  if (isObj(value)) {
    const d = branches.findIndex(
      (b) => b.discriminator && same(value[b.discriminator.name], b.discriminator.value),
    );
    if (d >= 0) return d;
    let best = -1;
    let bestScore = -Infinity;
    for (const [i, b] of branches.entries()) {
      const f = b.field.kind === 'ref' ? b.field.resolve() : b.field;
      if (!fits(f, value) || f.kind !== 'object') continue;
      const names = new Set(f.properties.map((p) => p.name));
      const keys = Object.keys(value);
      const known = keys.filter((k) => names.has(k)).length;
      const unknown = f.additional === 'none' ? keys.length - known : 0;
      const missing = f.properties.filter((p) => p.required && !(p.name in value)).length;
      const score = known - 2 * unknown - 2 * missing;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    if (best >= 0) return best;
  }
  const i = branches.findIndex((b) => fits(b.field, value));
  return i < 0 ? 0 : i;
}

const escape = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');
export const childPointer = escape;

/** The branch one union shows: the user's pick while it still fits the value, else the branch the value belongs to. */
export function shownBranch(
  f: Extract<Field, { kind: 'choice' }>,
  value: JsonValue | undefined,
  pick: number | undefined,
): number {
  if (value === null) return pick ?? 0;
  return pick !== undefined && f.branches[pick] && fits(f.branches[pick].field, value)
    ? pick
    : pickBranch(f.branches, value);
}

/**
 * The union branch shown at every JSON pointer: the user's pick where it still fits the value (so a pick is never
 * undone by the value it produced), else the branch the value belongs to. The validator reports only these branches.
 */
export function effectiveBranches(
  field: Field,
  value: JsonValue | undefined,
  picks: ReadonlyMap<string, number>,
): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (f: Field, v: JsonValue | undefined, pointer: string, depth: number) => {
    if (depth > 64 || v === null) return;
    switch (f.kind) {
      case 'choice': {
        const b = shownBranch(f, v, picks.get(pointer));
        out.set(pointer, b);
        const branch = f.branches[b];
        if (branch) walk(branch.field, v, pointer, depth + 1);
        return;
      }
      case 'object':
        if (v !== undefined && !isObj(v)) return;
        // Declared properties too: an unset optional union still shows the branch the user picked.
        for (const k of new Set([...f.properties.map((p) => p.name), ...Object.keys(v ?? {})])) {
          const sub = propertyField(f, k);
          if (sub) walk(sub, v?.[k], `${pointer}/${escape(k)}`, depth + 1);
        }
        return;
      case 'array':
        if (Array.isArray(v)) v.forEach((x, i) => walk(f.items, x, `${pointer}/${i}`, depth + 1));
        return;
      case 'tuple':
        if (Array.isArray(v))
          v.forEach((x, i) => {
            const sub = f.prefix[i] ?? f.rest;
            if (sub) walk(sub, x, `${pointer}/${i}`, depth + 1);
          });
        return;
      case 'ref':
        if (v !== undefined) walk(f.resolve(), v, pointer, depth + 1);
        return;
      default:
        return;
    }
  };
  walk(field, value, '', 0);
  return out;
}

/** The field of a key of an object: its property, else the first pattern it matches, else the free keys' field. */
export function propertyField(f: Extract<Field, { kind: 'object' }>, key: string): Field | undefined {
  const p = f.properties.find((x) => x.name === key);
  if (p) return p.field;
  for (const pat of f.patterns) {
    try {
      if (new RegExp(pat.pattern, 'u').test(key)) return pat.field;
    } catch {
      // a pattern JavaScript cannot read: the validator reports it
    }
  }
  return typeof f.additional === 'object' ? f.additional : undefined;
}

/** The value a fresh form starts with: defaults where given, required objects filled in, nothing invented. */
export function initialValue(field: Field): JsonValue | undefined {
  if (field.default !== undefined) return field.default;
  switch (field.kind) {
    case 'const':
      return field.value;
    case 'object': {
      const out: { [k: string]: JsonValue } = {};
      for (const p of field.properties) {
        const v = p.required || p.field.default !== undefined ? initialValue(p.field) : undefined;
        if (v !== undefined) out[p.name] = v;
      }
      return out;
    }
    case 'array':
      return field.minItems ? [] : undefined;
    case 'choice':
      return field.branches[0] ? initialValue(field.branches[0].field) : undefined;
    default:
      return undefined;
  }
}

/**
 * A fresh value of a field's type for a new array item, a newly picked branch or a field switched from null: the
 * emptiest honest value of that type, never the default (a null default would switch it straight back).
 */
export function blankValue(field: Field): JsonValue | undefined {
  switch (field.kind) {
    case 'object': {
      const out: { [k: string]: JsonValue } = {};
      for (const p of field.properties) {
        const v = p.field.kind === 'const' ? p.field.value : p.required ? requiredBlank(p.field) : undefined;
        if (v !== undefined) out[p.name] = v;
      }
      return out;
    }
    case 'array':
      return [];
    case 'tuple':
      return [];
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'const':
      return field.value;
    case 'enum':
      return undefined;
    case 'choice':
      return field.branches[0] ? blankValue(field.branches[0].field) : undefined;
    case 'ref':
      return blankValue(field.resolve());
    default:
      return undefined;
  }
}

/** A new item of a list or tuple: a blank of its type; a number starts at its minimum (or 0), an enum at its first option. */
export function itemBlank(field: Field): JsonValue {
  const v = blankValue(field);
  if (v !== undefined) return v;
  if (field.kind === 'number' || field.kind === 'integer') return field.minimum ?? 0;
  if (field.kind === 'enum' && field.options[0]) return field.options[0].value;
  return null;
}

/** Required members of a fresh object start from their default, else blank (objects and lists only). */
function requiredBlank(field: Field): JsonValue | undefined {
  if (field.default !== undefined) return field.default;
  if (field.nullable) return null;
  return field.kind === 'object' || field.kind === 'array' || field.kind === 'const'
    ? blankValue(field)
    : undefined;
}

// --- edits: a member's new value applied to its container ---------------------------------------------------
// Pure, so the form can hand each member a stable function that applies its change to the latest value (issue 13:
// a keystroke re-renders only the field it changes, never a stale copy of its siblings).

/** The object with `key` set to `v` (or removed when undefined); an object that was unset and is empty stays unset. */
export function withProperty(
  obj: JsonValue | undefined,
  key: string,
  v: JsonValue | undefined,
): JsonValue | undefined {
  const next: { [k: string]: JsonValue } = { ...(isObj(obj) ? obj : {}) };
  if (v === undefined) delete next[key];
  else next[key] = v;
  return Object.keys(next).length === 0 && obj === undefined ? undefined : next;
}

/** A map entry's new value: an entry whose value is cleared is removed (the object stays, even when empty). */
export function withEntry(obj: JsonValue | undefined, key: string, v: JsonValue | undefined): JsonValue {
  const next: { [k: string]: JsonValue } = { ...(isObj(obj) ? obj : {}) };
  if (v === undefined) delete next[key];
  else next[key] = v;
  return next;
}

/** The list with item `i` replaced; a cleared item becomes null (a list has no holes). */
export function withItem(list: JsonValue | undefined, i: number, v: JsonValue | undefined): JsonValue {
  const items = Array.isArray(list) ? list : [];
  return items.map((x, j) => (j === i ? (v === undefined ? null : v) : x));
}

/**
 * The tuple with position `i` set: earlier gaps are filled with blanks of their type (a position cannot be left out
 * before a later one); clearing the last position shortens the tuple, clearing an earlier one sets it to null.
 */
export function withTupleItem(
  field: Extract<Field, { kind: 'tuple' }>,
  list: JsonValue | undefined,
  i: number,
  v: JsonValue | undefined,
): JsonValue {
  const next = [...(Array.isArray(list) ? list : [])];
  for (let j = next.length; j < i; j++)
    next[j] = itemBlank(field.prefix[j] ?? field.rest ?? field.prefix[0]!);
  if (v === undefined && i >= next.length - 1) next.length = Math.min(next.length, i);
  else next[i] = v === undefined ? null : v;
  return next;
}
