// Owns the plain words of each failing schema keyword ("Radius is required for a circle"), one small function per
// keyword, each given the failing value's place: its pointer, its schema, and the name a person reads for it.
import type { OutputUnit } from '@cfworker/json-schema';
import type { JsonValue } from '../types.js';
import type { ChosenBranches } from './branches.js';
import {
  branchName,
  conditionText,
  escape,
  isObj,
  labelOf,
  propertySchema,
  schemaAt,
  show,
  type Obj,
} from './schema-walk.js';

export interface ArgProblem {
  /** JSON pointer of the value the problem belongs to ("" for the arguments themselves). */
  pointer: string;
  /** In plain words, naming the field by its title ("Radius is required for a circle"). */
  message: string;
  /** The schema keyword that failed. */
  keyword: string;
}

/** Where one error sits, and what the message needs to know about it. */
export interface ErrorPlace {
  unit: OutputUnit;
  /** Every error of the check (some messages defer to others). */
  units: OutputUnit[];
  root: Obj;
  chosen: ChosenBranches;
  /** The failing value's pointer, and the value there. */
  pointer: string;
  here: JsonValue | undefined;
  /** The location of the schema holding the keyword, that schema, and it as an object ({} when it is not one). */
  keywordParent: string;
  owner: JsonValue | undefined;
  s: Obj;
  /** The name a person reads for the failing value. */
  label: string;
  /** " for a circle" when the keyword sits inside a union branch, else "". */
  forBranch: string;
}

type Say = (at: ErrorPlace) => Omit<ArgProblem, 'keyword'> | undefined;

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
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The label of a member of the failing object, and its pointer. */
function member(at: ErrorPlace, name: string) {
  const pointer = `${at.pointer}/${escape(name)}`;
  return { pointer, label: labelOf(propertySchema(at.owner, name, at.root), pointer, at.root) };
}

const required: Say = (at) => {
  const name = /required property "(.*)"\.$/.exec(at.unit.error)?.[1] ?? '';
  const child = member(at, name);
  const condition = /\/(then|else)$/.test(at.keywordParent) ? conditionText(at.keywordParent, at.root) : '';
  return { pointer: child.pointer, message: `${child.label} is required${at.forBranch}${condition}.` };
};

const dependentRequired: Say = (at) => {
  const m = /has "(.*)" but does not have "(.*)"\.$/.exec(at.unit.error);
  const missing = member(at, m?.[2] ?? '');
  const given = member(at, m?.[1] ?? '');
  return { pointer: missing.pointer, message: `${missing.label} is required when ${given.label} is given.` };
};

const type: Say = ({ pointer, s, label, forBranch }) => {
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const words = types.map((t) => (typeof t === 'string' ? (TYPE_WORDS[t] ?? t) : show(t)));
  return { pointer, message: `${label} must be ${words.join(' or ')}${forBranch}.` };
};

const BOUND_WORDS: Record<string, string> = {
  minimum: 'at least',
  maximum: 'at most',
  exclusiveMinimum: 'more than',
  exclusiveMaximum: 'less than',
  multipleOf: 'a multiple of',
};
const bound: Say = ({ pointer, s, label, unit }) => {
  const limit = s[unit.keyword];
  // Draft-04 writes exclusive bounds as booleans beside minimum/maximum.
  const shown =
    typeof limit === 'number' ? limit : show(s[unit.keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum']);
  return { pointer, message: `${label} must be ${BOUND_WORDS[unit.keyword]} ${shown}.` };
};

const length: Say = ({ pointer, s, label, unit }) => {
  const n = Number(s[unit.keyword]);
  const min = unit.keyword === 'minLength';
  return {
    pointer,
    message:
      min && n === 1
        ? `${label} cannot be empty.`
        : `${label} must be ${min ? 'at least' : 'at most'} ${n} ${plural(n, 'character', 'characters')} long.`,
  };
};

const itemCount: Say = ({ pointer, s, label, unit }) => {
  const n = Number(s[unit.keyword]);
  const least = unit.keyword === 'minItems' ? 'at least' : 'at most';
  return { pointer, message: `${label} needs ${least} ${n} ${plural(n, 'item', 'items')}.` };
};

const propertyCount: Say = ({ pointer, s, label, unit }) => {
  const n = Number(s[unit.keyword]);
  const least = unit.keyword === 'minProperties' ? 'at least' : 'at most';
  return { pointer, message: `${label} needs ${least} ${n} ${plural(n, 'entry', 'entries')}.` };
};

const additionalProperties: Say = ({ pointer, s, label, unit }) => {
  const key = /Property "(.*)" does not match/.exec(unit.error)?.[1] ?? '';
  if (s.additionalProperties !== false) return undefined; // the value's own errors follow and say it
  return {
    pointer: `${pointer}/${escape(key)}`,
    message: `${key} is not a field this tool accepts${pointer ? ` in ${label}` : ''}; remove it.`,
  };
};

const items: Say = ({ pointer, s, label, unit }) =>
  (unit.keyword === 'items' && s.items === false) ||
  (unit.keyword === 'additionalItems' && s.additionalItems === false)
    ? { pointer, message: `${label} has more items than the tool accepts.` }
    : undefined;

/** A `false` schema (cfworker gives it no keyword location): an extra property or item says so itself. */
const falseSchema: Say = ({ pointer, units, root }) => {
  const parent = pointer.replace(/\/[^/]*$/, '');
  const extra = units.some(
    (x) =>
      x.instanceLocation.replace(/^#/, '') === parent &&
      ['additionalProperties', 'items', 'additionalItems', 'unevaluatedProperties'].includes(x.keyword),
  );
  return extra
    ? undefined
    : { pointer, message: `${labelOf(undefined, pointer, root)} is not accepted here; remove it.` };
};

const union: Say = (at) => {
  const { pointer, label, here, unit, units, root } = at;
  const index = at.chosen.get(unit.keywordLocation);
  const list = schemaAt(unit.keywordLocation, root);
  const branches = Array.isArray(list) ? list : [];
  const cannotBeNull = { pointer, message: `${label} cannot be null.` };
  if (index === -1) {
    if (here === null) return cannotBeNull;
    const options = branches
      .filter((b) => isObj(b) && 'const' in b)
      .map((b) =>
        isObj(b) && typeof b.title === 'string' ? `${b.title} (${show(b.const)})` : show((b as Obj).const),
      );
    return { pointer, message: `${label} must be one of ${options.join(', ')}.` };
  }
  // The chosen branch's own errors say what is wrong.
  if (units.some((x) => x.keywordLocation.startsWith(`${unit.keywordLocation}/${index}/`))) return undefined;
  if (here === null) return cannotBeNull;
  const names = branches.map((b, i) => branchName(b, root) ?? `option ${i + 1}`).join(', ');
  return {
    pointer,
    message: /\(([2-9]|\d\d+) matches\)/.test(unit.error)
      ? `${label} fits more than one of the choices (${names}); make it match exactly one.`
      : `${label} fits none of the choices (${names}).`,
  };
};

/** Summaries (properties, $ref, allOf, if, dependentSchemas…) are explained by the errors under them. */
const SUMMARY =
  /^A subschema had errors|^Instance does not match|^Property .* does not match|^Items did not match/;
const other: Say = ({ pointer, label, unit }) =>
  SUMMARY.test(unit.error) ? undefined : { pointer, message: `${label}: ${unit.error}` };

const SAY: Record<string, Say> = {
  required,
  dependentRequired,
  type,
  format: ({ pointer, s, label }) => ({
    pointer,
    message: `${label} must be ${FORMAT_WORDS[str(s.format)] ?? `in the format "${str(s.format)}"`}.`,
  }),
  const: ({ pointer, s, label, forBranch }) => ({
    pointer,
    message: `${label} must be ${show(s.const)}${forBranch}.`,
  }),
  enum: ({ pointer, s, label }) => ({
    pointer,
    message: `${label} must be one of ${(Array.isArray(s.enum) ? s.enum : []).map(show).join(', ')}.`,
  }),
  minimum: bound,
  maximum: bound,
  exclusiveMinimum: bound,
  exclusiveMaximum: bound,
  multipleOf: bound,
  minLength: length,
  maxLength: length,
  pattern: ({ pointer, s, label }) => ({
    pointer,
    message: `${label} must match the pattern ${str(s.pattern)}.`,
  }),
  minItems: itemCount,
  maxItems: itemCount,
  uniqueItems: ({ pointer, label }) => ({ pointer, message: `${label} has the same item twice.` }),
  minProperties: propertyCount,
  maxProperties: propertyCount,
  additionalProperties,
  propertyNames: ({ pointer, unit }) => {
    const key = /Property name "(.*)" does not match/.exec(unit.error)?.[1] ?? '';
    return { pointer: `${pointer}/${escape(key)}`, message: `"${key}" is not an allowed key.` };
  },
  items,
  prefixItems: items,
  additionalItems: items,
  false: falseSchema,
  not: ({ pointer, label }) => ({ pointer, message: `${label} is a value the tool rules out.` }),
  contains: ({ pointer, label }) => ({ pointer, message: `${label} must contain a matching item.` }),
  oneOf: union,
  anyOf: union,
};

/** The problem one error is, in plain words; undefined when other errors say it better. */
export function problemOf(at: ErrorPlace): ArgProblem | undefined {
  const said = (Object.hasOwn(SAY, at.unit.keyword) ? SAY[at.unit.keyword]! : other)(at);
  return said && { ...said, keyword: at.unit.keyword };
}
