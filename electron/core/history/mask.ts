// Owns masking secrets in recorded args (issue 12: names alone missed most of them): a value is masked whole when
// its schema says so (`writeOnly`, `format: password`) or its name says so (token, password, pass, passphrase,
// bearer, cookie, session, ...); inside every other string, the secret parts are masked: URL credentials (DSNs too),
// secret-named `key=value` pairs and JSON members, `Authorization`-like headers and scheme tokens, well-known token
// shapes.
// Tested by: test/unit/core/history/history-store.test.ts
import type { JsonSchema, JsonValue } from '../../../shared/types.js';

export const MASK = '••••••';

/** Words that make a name secret on their own (split from camelCase, snake_case, kebab-case). */
const SECRET_WORDS = new Set([
  'token',
  'password',
  'passwd',
  'pass',
  'passphrase',
  'pwd',
  'secret',
  'key',
  'apikey',
  'credential',
  'credentials',
  'auth',
  'authorization',
  'bearer',
  'cookie',
  'cookies',
  'session',
  'sessionid',
  'jwt',
  'otp',
  'totp',
  'csrf',
  'xsrf',
]);
/** Endings that make a run-together word secret (`accesstoken`, `dbpassword`, `clientsecret`); not `tokenizer`. */
const SECRET_ENDINGS = [
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'apikey',
  'credential',
  'credentials',
  'cookie',
  'bearer',
  'sessionid',
];

/** Whether a name says it holds a secret: one of its words (camelCase, snake_case, kebab-case) does. */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .map((w) => w.toLowerCase());
  return words.some(
    (w) => SECRET_WORDS.has(w) || SECRET_ENDINGS.some((end) => w.length > end.length && w.endsWith(end)),
  );
}

/** Whether the schema of a value marks it secret. */
function isSecretSchema(schema: JsonSchema | undefined): boolean {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    (schema.writeOnly === true || schema.format === 'password')
  );
}

/** Patterns of secrets inside a longer string, each with what replaces the match. */
const IN_TEXT: Array<[RegExp, (match: string, ...groups: string[]) => string]> = [
  // scheme://user:password@host (URLs and DSNs): the password goes.
  [
    /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:]*):([^\s/?#@]+)@/gi,
    (_m, scheme = '', user = '') => `${scheme}${user}:${MASK}@`,
  ],
  // scheme://<long token>@host (a token used as the user name).
  [/\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:]{20,})@/gi, (_m, scheme = '') => `${scheme}${MASK}@`],
  // Authorization: ..., Cookie: ..., X-Api-Key: ... (header lines).
  [
    /\b((?:proxy-)?authorization|set-cookie|cookie|x-api-key|x-auth-token|api-key)(\s*:\s*)[^\r\n]+/gi,
    (_m, name = '', sep = '') => `${name}${sep}${MASK}`,
  ],
  // Bearer/Basic/Digest/Token <credential> (a word with a digit or token punctuation, not "Basic authentication").
  [
    /\b(bearer|basic|digest|token)(\s+)(?=[A-Za-z0-9._~+/-]*[0-9._~+/=-])[A-Za-z0-9._~+/-]{8,}=*/gi,
    (_m, scheme = '', sep = '') => `${scheme}${sep}${MASK}`,
  ],
  // "password": "..." inside JSON text.
  [
    /"([^"\\]{1,64})"(\s*:\s*)"(?:[^"\\]|\\.)*"/g,
    (m, name = '', sep = '') => (isSecretName(name) ? `"${name}"${sep}"${MASK}"` : m),
  ],
  // name=value pairs: URL queries (?api_key=...), libpq DSNs (password=...), connection strings (Pwd=...;).
  [/([A-Za-z][\w.-]{0,63})=([^&;\s"',]+)/g, (m, name = '') => (isSecretName(name) ? `${name}=${MASK}` : m)],
  // Well-known token shapes: GitHub, Slack, OpenAI-style, AWS access key ids.
  [
    /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{30,}|xox[abpr]-[\w-]{10,}|sk-[\w-]{20,}|AKIA[0-9A-Z]{16})\b/g,
    () => MASK,
  ],
];

/** A string with the secrets inside it masked. */
export function maskSecretsInText(text: string): string {
  let out = text;
  for (const [pattern, replace] of IN_TEXT) out = out.replace(pattern, replace);
  return out;
}

function child(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const props = schema.properties;
  if (props && typeof props === 'object' && !Array.isArray(props) && key in props)
    return props[key] as JsonSchema;
  return undefined;
}

/** A copy of the args with secret values replaced by MASK, recursively. */
export function maskSecrets(value: JsonValue, schema?: JsonSchema): JsonValue {
  if (isSecretSchema(schema) && value !== null && value !== '') return MASK;
  if (Array.isArray(value)) {
    const items = schema && typeof schema === 'object' ? (schema.items as JsonSchema | undefined) : undefined;
    return value.map((v) => maskSecrets(v, items));
  }
  if (typeof value === 'string') return maskSecretsInText(value);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(value)) {
    const s = child(schema, k);
    Object.defineProperty(out, k, {
      value: isSecretName(k) && v !== null && v !== '' ? MASK : maskSecrets(v, s),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
