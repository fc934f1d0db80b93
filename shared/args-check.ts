// Owns checking tool arguments against a tool's input schema, for the host and the page alike (issue 13: one
// validator behaviour on both sides). @cfworker/json-schema interprets schemas (no code generation, so the page's
// CSP stays without 'unsafe-eval'); the draft follows `$schema` (draft-04/06/07 as draft-07 rules, 2019-09, else
// 2020-12), formats are checked the same way everywhere, and every error is said in plain words at the JSON pointer
// of the value that owns it: inside a union, only the branch the user picked (or that the value belongs to) speaks.
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { schemaDraft } from './schema-draft.js';
import type { JsonSchema, JsonValue } from './types.js';

export interface ArgProblem {
  /** JSON pointer of the value the problem belongs to ("" for the arguments themselves). */
  pointer: string;
  /** In plain words, naming the field by its title ("Radius is required for a circle"). */
  message: string;
  /** The schema keyword that failed. */
  keyword: string;
}

type Obj = { [key: string]: JsonValue };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const validators = new WeakMap<object, Validator>();
const byText = new Map<string, Validator>();

function validatorFor(schema: JsonSchema): Validator {
  const key = isObj(schema) ? schema : undefined;
  const known = key ? validators.get(key) : undefined;
  if (known) return known;
  const text = JSON.stringify(schema);
  let v = byText.get(text);
  if (!v) {
    const copy = JSON.parse(text) as JsonSchema;
    // Ids of different tools must not collide, and remote ids are never fetched: check the schema as anonymous.
    if (isObj(copy)) delete copy.$id;
    v = new Validator(copy, schemaDraft(schema), false);
    if (byText.size > 500) byText.clear();
    byText.set(text, v);
  }
  if (key) validators.set(key, v);
  return v;
}

/** Thrown when the schema itself cannot be used (a `$ref` that resolves nowhere, a bad pattern). */
export class UncheckableSchemaError extends Error {}

/**
 * The problems with `value` as arguments of a tool with this schema, in plain words; [] when it is valid.
 * `branches` holds the union branch the form shows at a JSON pointer (the user's pick): its errors are the ones
 * reported. Without it, the branch the value belongs to is chosen (a matching discriminator, else the fewest errors).
 */
export function checkArgs(
  schema: JsonSchema,
  value: JsonValue | undefined,
  branches?: ReadonlyMap<string, number>,
): ArgProblem[] {
  let units: OutputUnit[];
  try {
    units = validatorFor(schema).validate(value === undefined ? {} : value).errors;
  } catch (e) {
    throw new UncheckableSchemaError(`The tool's input schema cannot be checked: ${(e as Error).message}`);
  }
  if (units.length === 0) return [];
  const root = isObj(schema) ? schema : {};
  return explain(units, root, value === undefined ? {} : value, branches ?? new Map());
}

// --- walking the schema along a keyword location ----------------------------------------------------------

const unescape = (s: string) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~');
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function resolveRef(ref: string, root: Obj): JsonValue | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: JsonValue = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = unescape(raw);
    if (Array.isArray(node)) node = node[Number(key)] as JsonValue;
    else if (isObj(node)) node = node[key] as JsonValue;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** The schema node at a keyword location such as "#/properties/shape/$ref/oneOf/1/required" (without the keyword). */
function schemaAt(location: string, root: Obj): JsonValue | undefined {
  const parts = location.replace(/^#/, '').split('/').filter(Boolean).map(unescape);
  let node: JsonValue | undefined = root;
  for (const key of parts) {
    if (node === undefined) return undefined;
    if (key === '$ref' && isObj(node) && typeof node.$ref === 'string') {
      node = resolveRef(node.$ref, root);
      continue;
    }
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObj(node)) node = node[key];
    else return undefined;
  }
  return node;
}

function valueAt(pointer: string, value: JsonValue): JsonValue | undefined {
  let node: JsonValue | undefined = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = unescape(raw);
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObj(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** The name a person reads for the value at a pointer: its title, else its property name, else "item N". */
function labelOf(schemaNode: JsonValue | undefined, pointer: string, root: Obj): string {
  let node = schemaNode;
  if (isObj(node) && typeof node.$ref === 'string' && typeof node.title !== 'string') {
    const target = resolveRef(node.$ref, root);
    if (isObj(target)) node = { ...target, ...node };
  }
  if (isObj(node) && typeof node.title === 'string' && node.title.trim()) return node.title;
  const last = pointer.split('/').pop();
  if (pointer === '' || last === undefined) return 'The arguments';
  const key = unescape(last);
  return /^\d+$/.test(key) ? `Item ${Number(key) + 1}` : key;
}

/** The schema describing a property of an object schema (its properties, then its patterns). */
function propertySchema(objSchema: JsonValue | undefined, key: string, root: Obj): JsonValue | undefined {
  let s = objSchema;
  if (isObj(s) && typeof s.$ref === 'string') s = resolveRef(s.$ref, root);
  if (!isObj(s)) return undefined;
  if (isObj(s.properties) && s.properties[key] !== undefined) return s.properties[key];
  for (const part of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = s[part];
    if (Array.isArray(list))
      for (const sub of list) {
        const found = propertySchema(sub, key, root);
        if (found !== undefined) return found;
      }
  }
  return undefined;
}

/** Keywords that step from a value into one of its members (the title read so far belonged to the parent). */
const DESCENDS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'dependentSchemas',
]);
const NAMED_CHILD = new Set(['properties', 'patternProperties', 'prefixItems', 'dependentSchemas']);

/**
 * The first title met along a keyword location at the level of the failing value: "Limit" for
 * "#/properties/limit/anyOf/0/minimum" when the property has the title and its branch has none.
 */
function titleAlong(location: string, root: Obj): string | undefined {
  const parts = location.replace(/^#/, '').split('/').filter(Boolean).map(unescape);
  let node: JsonValue | undefined = root;
  let title: string | undefined = isObj(root) && typeof root.title === 'string' ? root.title : undefined;
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i]!;
    if (node === undefined) return title;
    if (key === '$ref' && isObj(node) && typeof node.$ref === 'string') node = resolveRef(node.$ref, root);
    else {
      if (DESCENDS.has(key)) {
        title = undefined;
        if (
          NAMED_CHILD.has(key) ||
          (key === 'items' && Array.isArray(isObj(node) ? node.items : undefined))
        ) {
          node =
            isObj(node) && isObj(node[key])
              ? node[key][parts[++i] ?? '']
              : isObj(node) && Array.isArray(node[key])
                ? node[key][Number(parts[++i])]
                : undefined;
        } else node = isObj(node) ? node[key] : undefined;
      } else if (Array.isArray(node)) node = node[Number(key)];
      else if (isObj(node)) node = node[key];
      else return title;
    }
    if (title === undefined && isObj(node) && typeof node.title === 'string' && node.title.trim())
      title = node.title;
  }
  return title;
}

/** The title another schema gives the same property ("Id" from an allOf part beside the one that failed). */
function memberTitle(location: string, root: Obj): string | undefined {
  const m = /^(.*)\/properties\/([^/]+)\/[^/]+$/.exec(location);
  if (!m) return undefined;
  const container = schemaAt(m[1]!.replace(/\/(allOf|anyOf|oneOf)\/\d+$/, ''), root);
  const found = titledProperty(container, unescape(m[2]!), root, 0);
  return found;
}

function titledProperty(s: JsonValue | undefined, key: string, root: Obj, depth: number): string | undefined {
  if (depth > 8) return undefined;
  let node = s;
  if (isObj(node) && typeof node.$ref === 'string') node = resolveRef(node.$ref, root);
  if (!isObj(node)) return undefined;
  const p = isObj(node.properties) ? node.properties[key] : undefined;
  if (isObj(p) && typeof p.title === 'string') return p.title;
  for (const part of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[part];
    if (Array.isArray(list))
      for (const sub of list) {
        const t = titledProperty(sub, key, root, depth + 1);
        if (t) return t;
      }
  }
  return undefined;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

/** What a union branch is called in a sentence ("a circle"), from its title or its const discriminator. */
function branchName(branch: JsonValue | undefined, root: Obj): string | undefined {
  let b = branch;
  if (isObj(b) && typeof b.$ref === 'string') {
    const t = resolveRef(b.$ref, root);
    if (isObj(t)) b = { ...t, ...b };
  }
  if (!isObj(b)) return undefined;
  if (typeof b.title === 'string' && b.title.trim()) return article(b.title.trim().toLowerCase());
  if (isObj(b.properties))
    for (const p of Object.values(b.properties))
      if (isObj(p) && typeof p.const === 'string') return article(p.const);
  return undefined;
}

/** The branch index a value belongs to: a const property equal to the value's, else undefined. */
function discriminated(branches: JsonValue[], value: JsonValue | undefined, root: Obj): number | undefined {
  if (!isObj(value)) return undefined;
  for (const [i, raw] of branches.entries()) {
    const b = isObj(raw) && typeof raw.$ref === 'string' ? resolveRef(raw.$ref, root) : raw;
    if (!isObj(b) || !isObj(b.properties)) continue;
    const consts = Object.entries(b.properties).filter(([, p]) => isObj(p) && 'const' in p);
    if (
      consts.length &&
      consts.every(([k, p]) => JSON.stringify(value[k]) === JSON.stringify((p as Obj).const))
    )
      return i;
  }
  return undefined;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};
const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address',
  uri: 'a URL (with its scheme, like https://)',
  url: 'a URL',
  'uri-reference': 'a URI reference',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM:SS with a time zone)',
  'date-time': 'a date and time (YYYY-MM-DDTHH:MM:SSZ)',
  duration: 'a duration (like P1DT2H)',
  uuid: 'a UUID',
  hostname: 'a host name',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  regex: 'a regular expression',
};
const str = (v: JsonValue | undefined) => (typeof v === 'string' ? v : JSON.stringify(v));
const show = (v: JsonValue | undefined) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));

function explain(
  units: OutputUnit[],
  root: Obj,
  value: JsonValue,
  picked: ReadonlyMap<string, number>,
): ArgProblem[] {
  // Which branch speaks for each failing union (keyed by its keyword location).
  const unions = units.filter((u) => u.keyword === 'oneOf' || u.keyword === 'anyOf');
  const chosen = new Map<string, number>();
  for (const u of unions) {
    const node = schemaAt(u.keywordLocation, root);
    const list = Array.isArray(node) ? node : [];
    const pointer = u.instanceLocation.replace(/^#/, '');
    // Only non-null branches are offered by the form; its index counts those.
    const offered = list.map((b, i) => ({ b, i })).filter(({ b }) => !isNullBranch(b));
    if (offered.length && offered.every(({ b }) => isObj(b) && 'const' in b)) {
      chosen.set(u.keywordLocation, -1); // an enum written as consts: one message for the whole choice
      continue;
    }
    const pick = picked.get(pointer);
    let index = pick !== undefined ? offered[pick]?.i : undefined;
    index ??= discriminated(list, valueAt(pointer, value), root);
    if (index === undefined) {
      // The branch with the fewest errors of its own (a null value picks the null branch, which has none).
      let best = Infinity;
      for (const { i } of offered) {
        const prefix = `${u.keywordLocation}/${i}/`;
        const count = units.filter((x) => x.keywordLocation.startsWith(prefix)).length;
        if (count < best) {
          best = count;
          index = i;
        }
      }
    }
    if (index !== undefined) chosen.set(u.keywordLocation, index);
  }
  const inOtherBranch = (u: OutputUnit) =>
    [...chosen].some(([loc, i]) => {
      const m = new RegExp(`^${escapeRe(loc)}/(\\d+)(/|$)`).exec(u.keywordLocation);
      return m !== null && Number(m[1]) !== i;
    });
  const out: ArgProblem[] = [];
  const seen = new Set<string>();
  const push = (p: ArgProblem) => {
    const key = `${p.pointer}\n${p.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(p);
    }
  };
  for (const u of units) {
    if (inOtherBranch(u)) continue;
    const pointer = u.instanceLocation.replace(/^#/, '');
    const keywordParent = u.keywordLocation.replace(/\/[^/]*$/, '');
    const owner = schemaAt(keywordParent, root);
    const here = valueAt(pointer, value);
    const label =
      titleAlong(keywordParent, root) ??
      memberTitle(u.keywordLocation, root) ??
      labelOf(owner, pointer, root);
    // "for a circle" when the keyword sits inside a union branch.
    const branchMatch = /^(.*\/(?:oneOf|anyOf))\/(\d+)(?:\/|$)/.exec(u.keywordLocation);
    const context = branchMatch
      ? branchName(schemaAt(`${branchMatch[1]}/${branchMatch[2]}`, root), root)
      : undefined;
    const forBranch = context ? ` for ${context}` : '';
    const s = isObj(owner) ? owner : {};
    switch (u.keyword) {
      case 'required': {
        const name = /required property "(.*)"\.$/.exec(u.error)?.[1] ?? '';
        const childPointer = `${pointer}/${escape(name)}`;
        const childLabel = labelOf(propertySchema(owner, name, root), childPointer, root);
        const condition = /\/(then|else)$/.test(keywordParent) ? conditionText(keywordParent, root) : '';
        push({
          pointer: childPointer,
          keyword: 'required',
          message: `${childLabel} is required${forBranch}${condition}.`,
        });
        break;
      }
      case 'dependentRequired': {
        const m = /has "(.*)" but does not have "(.*)"\.$/.exec(u.error);
        const [given, missing] = [m?.[1] ?? '', m?.[2] ?? ''];
        const childPointer = `${pointer}/${escape(missing)}`;
        push({
          pointer: childPointer,
          keyword: 'dependentRequired',
          message: `${labelOf(propertySchema(owner, missing, root), childPointer, root)} is required when ${labelOf(propertySchema(owner, given, root), `${pointer}/${escape(given)}`, root)} is given.`,
        });
        break;
      }
      case 'type': {
        const types = Array.isArray(s.type) ? s.type : [s.type];
        const words = types.map((t) => (typeof t === 'string' ? (TYPE_WORDS[t] ?? t) : show(t)));
        push({ pointer, keyword: 'type', message: `${label} must be ${words.join(' or ')}${forBranch}.` });
        break;
      }
      case 'format':
        push({
          pointer,
          keyword: 'format',
          message: `${label} must be ${FORMAT_WORDS[str(s.format)] ?? `in the format "${str(s.format)}"`}.`,
        });
        break;
      case 'const':
        push({ pointer, keyword: 'const', message: `${label} must be ${show(s.const)}${forBranch}.` });
        break;
      case 'enum':
        push({
          pointer,
          keyword: 'enum',
          message: `${label} must be one of ${(Array.isArray(s.enum) ? s.enum : []).map(show).join(', ')}.`,
        });
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
      case 'multipleOf': {
        const bound = s[u.keyword];
        const word = {
          minimum: 'at least',
          maximum: 'at most',
          exclusiveMinimum: 'more than',
          exclusiveMaximum: 'less than',
          multipleOf: 'a multiple of',
        }[u.keyword];
        // Draft-04 writes exclusive bounds as booleans beside minimum/maximum.
        push({
          pointer,
          keyword: u.keyword,
          message: `${label} must be ${word} ${typeof bound === 'number' ? bound : show(s[u.keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum'])}.`,
        });
        break;
      }
      case 'minLength':
      case 'maxLength': {
        const n = Number(s[u.keyword]);
        push({
          pointer,
          keyword: u.keyword,
          message:
            u.keyword === 'minLength' && n === 1
              ? `${label} cannot be empty.`
              : `${label} must be ${u.keyword === 'minLength' ? 'at least' : 'at most'} ${n} character${n === 1 ? '' : 's'} long.`,
        });
        break;
      }
      case 'pattern':
        push({
          pointer,
          keyword: 'pattern',
          message: `${label} must match the pattern ${str(s.pattern)}.`,
        });
        break;
      case 'minItems':
      case 'maxItems': {
        const n = Number(s[u.keyword]);
        push({
          pointer,
          keyword: u.keyword,
          message: `${label} needs ${u.keyword === 'minItems' ? 'at least' : 'at most'} ${n} item${n === 1 ? '' : 's'}.`,
        });
        break;
      }
      case 'uniqueItems':
        push({ pointer, keyword: 'uniqueItems', message: `${label} has the same item twice.` });
        break;
      case 'minProperties':
      case 'maxProperties': {
        const n = Number(s[u.keyword]);
        push({
          pointer,
          keyword: u.keyword,
          message: `${label} needs ${u.keyword === 'minProperties' ? 'at least' : 'at most'} ${n} entr${n === 1 ? 'y' : 'ies'}.`,
        });
        break;
      }
      case 'additionalProperties': {
        const key = /Property "(.*)" does not match/.exec(u.error)?.[1] ?? '';
        if (s.additionalProperties === false)
          push({
            pointer: `${pointer}/${escape(key)}`,
            keyword: 'additionalProperties',
            message: `${key} is not a field this tool accepts${pointer ? ` in ${label}` : ''}; remove it.`,
          });
        break; // otherwise the value's own errors follow and say it
      }
      case 'propertyNames': {
        const key = /Property name "(.*)" does not match/.exec(u.error)?.[1] ?? '';
        push({
          pointer: `${pointer}/${escape(key)}`,
          keyword: 'propertyNames',
          message: `"${key}" is not an allowed key.`,
        });
        break;
      }
      case 'items':
      case 'prefixItems':
      case 'additionalItems':
        if (
          (u.keyword === 'items' && s.items === false) ||
          (u.keyword === 'additionalItems' && s.additionalItems === false)
        )
          push({ pointer, keyword: u.keyword, message: `${label} has more items than the tool accepts.` });
        break;
      case 'false': {
        // A `false` schema (cfworker gives it no keyword location): an extra property or item says so itself.
        const parent = pointer.replace(/\/[^/]*$/, '');
        const extra = units.some(
          (x) =>
            x.instanceLocation.replace(/^#/, '') === parent &&
            ['additionalProperties', 'items', 'additionalItems', 'unevaluatedProperties'].includes(x.keyword),
        );
        if (!extra)
          push({
            pointer,
            keyword: 'false',
            message: `${labelOf(undefined, pointer, root)} is not accepted here; remove it.`,
          });
        break;
      }
      case 'not':
        push({ pointer, keyword: 'not', message: `${label} is a value the tool rules out.` });
        break;
      case 'contains':
        push({ pointer, keyword: 'contains', message: `${label} must contain a matching item.` });
        break;
      case 'oneOf':
      case 'anyOf': {
        const index = chosen.get(u.keywordLocation);
        const list = schemaAt(u.keywordLocation, root);
        const branches = Array.isArray(list) ? list : [];
        if (index === -1) {
          if (here === null) push({ pointer, keyword: u.keyword, message: `${label} cannot be null.` });
          else
            push({
              pointer,
              keyword: u.keyword,
              message: `${label} must be one of ${branches
                .filter((b) => isObj(b) && 'const' in b)
                .map((b) =>
                  isObj(b) && typeof b.title === 'string'
                    ? `${b.title} (${show(b.const)})`
                    : show((b as Obj).const),
                )
                .join(', ')}.`,
            });
          break;
        }
        const prefix = `${u.keywordLocation}/${index}/`;
        const ownErrors = units.some((x) => x.keywordLocation.startsWith(prefix));
        if (ownErrors) break; // the chosen branch's own errors say what is wrong
        if (here === null) {
          push({ pointer, keyword: u.keyword, message: `${label} cannot be null.` });
          break;
        }
        const names = branches.map((b, i) => branchName(b, root) ?? `option ${i + 1}`).join(', ');
        push({
          pointer,
          keyword: u.keyword,
          message: /\(([2-9]|\d\d+) matches\)/.test(u.error)
            ? `${label} fits more than one of the choices (${names}); make it match exactly one.`
            : `${label} fits none of the choices (${names}).`,
        });
        break;
      }
      default:
        // Summaries (properties, $ref, allOf, if, dependentSchemas…) are explained by the errors under them.
        if (
          /^A subschema had errors|^Instance does not match|^Property .* does not match|^Items did not match/.test(
            u.error,
          )
        )
          break;
        push({ pointer, keyword: u.keyword, message: `${label}: ${u.error}` });
    }
  }
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isNullBranch = (s: JsonValue) =>
  isObj(s) && (s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null));

/** " when country is "US"" for a `then` (or " unless …" for an `else`) whose `if` compares properties to consts. */
function conditionText(location: string, root: Obj): string {
  const parentLoc = location.replace(/\/(then|else)$/, '');
  const parent = schemaAt(parentLoc, root);
  if (!isObj(parent) || !isObj(parent.if) || !isObj(parent.if.properties)) return '';
  const parts = Object.entries(parent.if.properties)
    .filter(([, p]) => isObj(p) && ('const' in p || (Array.isArray(p.enum) && p.enum.length === 1)))
    .map(([k, p]) => {
      const o = p as Obj;
      const v = 'const' in o ? o.const : (o.enum as JsonValue[])[0];
      return `${labelOf(propertySchema(parent, k, root), `/${k}`, root)} is ${show(v)}`;
    });
  if (!parts.length) return '';
  return location.endsWith('/then') ? ` when ${parts.join(' and ')}` : ` unless ${parts.join(' and ')}`;
}
