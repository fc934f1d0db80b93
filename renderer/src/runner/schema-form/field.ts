// Owns the shape of a form field: what the normaliser makes of a schema and what the editors draw.
import type { JsonValue } from '../../../../shared/types.js';

export interface Common {
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

/** Two JSON values are the same value (the form compares options, consts and discriminators this way). */
export const sameValue = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);
