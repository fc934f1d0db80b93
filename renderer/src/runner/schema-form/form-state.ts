// Owns the form's state rules: whether a value fits a field, which union branch is shown, and the value a fresh
// field, item or branch starts with.
import { escapeToken, isJsonObject as isObj } from '../../../../shared/json-pointer.js';
import type { JsonValue } from '../../../../shared/types.js';
import { sameValue, type Branch, type Field } from './field.js';

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
      return field.options.some((o) => sameValue(o.value, value));
    case 'const':
      return sameValue(field.value, value);
    case 'array':
    case 'tuple':
      return Array.isArray(value);
    case 'object': {
      if (!isObj(value)) return false;
      return field.properties.every((p) => {
        if (p.field.kind === 'const') return !(p.name in value) || sameValue(value[p.name], p.field.value);
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
      (b) => b.discriminator && sameValue(value[b.discriminator.name], b.discriminator.value),
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
          if (sub) walk(sub, v?.[k], `${pointer}/${escapeToken(k)}`, depth + 1);
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

/** A new item of a list or tuple: a blank of its type; a number starts at its minimum (or 0), an enum at its first
 *  option. */
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
