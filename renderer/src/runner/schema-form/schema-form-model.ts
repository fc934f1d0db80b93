// The one schema-to-form normaliser (STYLE.md "One way to do a thing"): a pure step from a tool's JSON Schema to
// the fields a form can show honestly. Whatever a form cannot show exactly becomes a JSON field, so the form
// never sends something different from what it shows (the MCP Inspector rule).
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
    | { kind: 'enum'; options: JsonValue[] }
    | { kind: 'const'; value: JsonValue }
    | {
        kind: 'object';
        properties: Array<{ name: string; required: boolean; field: Field }>;
        additionalProperties: boolean;
      }
    | { kind: 'array'; items: Field; minItems?: number; maxItems?: number; uniqueItems: boolean }
    | { kind: 'choice'; branches: Array<{ label: string; field: Field }> }
    | { kind: 'json'; reason: string }
  );

type Obj = { [key: string]: JsonValue };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: JsonValue | undefined) => (typeof v === 'number' ? v : undefined);
const str = (v: JsonValue | undefined) => (typeof v === 'string' ? v : undefined);

/** Keywords a form cannot honour: a schema using them is edited as JSON. */
const UNSUPPORTED = [
  'patternProperties',
  'if',
  'then',
  'else',
  'not',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'prefixItems',
  '$dynamicRef',
  '$recursiveRef',
];
const MAX_DEPTH = 12;

function common(s: Obj, nullable: boolean): Common {
  const c: Common = { nullable, secret: s.writeOnly === true, readOnly: s.readOnly === true };
  if (typeof s.title === 'string') c.title = s.title;
  if (typeof s.description === 'string') c.description = s.description;
  if (s.default !== undefined) c.default = s.default;
  return c;
}

function resolveRef(ref: string, root: Obj): Obj | undefined {
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

export function normalizeSchema(schema: JsonSchema, root: JsonSchema = schema): Field {
  return normalize(schema, isObj(root) ? root : {}, 0, new Set());
}

function normalize(schema: JsonSchema, root: Obj, depth: number, seenRefs: Set<string>): Field {
  const json = (reason: string, s: Obj = {}) => ({ ...common(s, false), kind: 'json' as const, reason });
  if (
    schema === true ||
    (isObj(schema) &&
      Object.keys(schema).every((k) =>
        ['title', 'description', 'default', '$schema', '$id', '$comment'].includes(k),
      ))
  ) {
    return json('any JSON value is accepted', isObj(schema) ? schema : {});
  }
  if (!isObj(schema)) return json('this value cannot be given (the schema accepts nothing)');
  if (depth > MAX_DEPTH) return json('nested too deeply for a form', schema);

  let s: Obj = schema;
  if (typeof s.$ref === 'string') {
    const ref = s.$ref;
    if (seenRefs.has(ref)) return json(`recursive reference ${ref}`, s);
    const target = resolveRef(ref, root);
    if (!target) return json(`unresolvable reference ${ref}`, s);
    const { $ref: _drop, ...rest } = s;
    s = { ...target, ...rest };
    seenRefs = new Set([...seenRefs, ref]);
  }
  const unsupported = UNSUPPORTED.find((k) => k in s);
  if (unsupported) return json(`uses "${unsupported}", which a form cannot show exactly`, s);
  if (Array.isArray(s.allOf)) {
    if (s.allOf.length === 1 && isObj(s.allOf[0])) {
      const { allOf: _drop, ...rest } = s;
      return normalize({ ...s.allOf[0], ...rest }, root, depth + 1, seenRefs);
    }
    return json('combines schemas with allOf', s);
  }

  // anyOf / oneOf: a null branch makes the field nullable; one remaining branch is that field; more are a choice.
  const union = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined;
  if (union) {
    const nullable = union.some(isNullSchema);
    const branches = union.filter((b) => !isNullSchema(b));
    const { oneOf: _o, anyOf: _a, ...rest } = s;
    if (branches.length === 1) {
      const field = normalize({ ...(branches[0] as Obj), ...rest }, root, depth + 1, seenRefs);
      return { ...field, nullable: nullable || field.nullable };
    }
    const fields = branches.map((b, i) => {
      const f = normalize(isObj(b) ? { ...b } : (b as JsonSchema), root, depth + 1, seenRefs);
      return { label: branchLabel(b, f, i), field: f };
    });
    return { ...common(s, nullable), kind: 'choice', branches: fields };
  }

  let nullable = false;
  let type = s.type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t) => t !== 'null');
    nullable = nonNull.length < type.length;
    if (nonNull.length !== 1)
      return json(`accepts several types (${type.map((t) => JSON.stringify(t)).join(', ')})`, s);
    type = nonNull[0];
  }
  const c = common(s, nullable);
  if ('const' in s) return { ...c, kind: 'const', value: s.const ?? null };
  if (Array.isArray(s.enum)) {
    const options = s.enum.filter((v) => v !== null);
    return { ...c, nullable: c.nullable || options.length < s.enum.length, kind: 'enum', options };
  }
  if (type === undefined) type = isObj(s.properties) ? 'object' : s.items !== undefined ? 'array' : undefined;
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
    case 'object': {
      const props = isObj(s.properties) ? s.properties : {};
      const required = new Set(
        Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [],
      );
      if (isObj(s.additionalProperties) && Object.keys(props).length === 0)
        return json('a map with free keys', s);
      return {
        ...c,
        kind: 'object',
        properties: Object.entries(props).map(([name, p]) => ({
          name,
          required: required.has(name),
          field: normalize(p as JsonSchema, root, depth + 1, seenRefs),
        })),
        additionalProperties: s.additionalProperties !== false,
      };
    }
    case 'array': {
      if (Array.isArray(s.items)) return json('a tuple (items as a list)', s);
      const f: Field = {
        ...c,
        kind: 'array',
        items: normalize((s.items ?? true) as JsonSchema, root, depth + 1, seenRefs),
        uniqueItems: s.uniqueItems === true,
      };
      if (num(s.minItems) !== undefined) f.minItems = num(s.minItems);
      if (num(s.maxItems) !== undefined) f.maxItems = num(s.maxItems);
      return f;
    }
    default:
      return json(type === 'null' ? 'only null is accepted' : 'no type is given', s);
  }
}

function branchLabel(schema: JsonValue, field: Field, index: number): string {
  if (isObj(schema) && typeof schema.title === 'string') return schema.title;
  if (field.kind === 'const') return JSON.stringify(field.value);
  if (field.kind === 'object') {
    const constProp = field.properties.find((p) => p.field.kind === 'const');
    if (constProp && constProp.field.kind === 'const')
      return `${constProp.name}: ${JSON.stringify(constProp.field.value)}`;
  }
  return field.kind === 'json' ? `option ${index + 1}` : field.kind;
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
