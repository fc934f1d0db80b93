// The one schema-to-form normaliser: a pure step from a tool's JSON Schema to the fields a form can show honestly.
// Whatever a form cannot show exactly becomes a JSON field saying why, so the form never sends something different
// from what it shows (the MCP Inspector rule).
import { isJsonObject as isObj, type JsonObject as Obj } from '../../../../shared/json-pointer.js';
import type { JsonSchema, JsonValue } from '../../../../shared/types.js';
import type { Branch, Common, Field } from './field.js';
import { mergeAllOf, objectAt } from './merge-all-of.js';
const num = (v: JsonValue | undefined) => (typeof v === 'number' ? v : undefined);
const str = (v: JsonValue | undefined) => (typeof v === 'string' ? v : undefined);

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
    const target = objectAt(ref, ctx.root);
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
