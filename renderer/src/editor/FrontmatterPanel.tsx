// The frontmatter as a form: the known scalar fields, each change written back into the text through the yaml
// Document API (comments, order and quoting kept). Lists and maps stay in the text editor.
import { useId } from 'react';
import { FRONTMATTER_SCHEMA } from '../../../shared/frontmatter-schema.js';
import type { JsonValue } from '../../../shared/types.js';
import { readFrontmatter, setFrontmatterField } from '../../../shared/syntax/frontmatter-edit.js';

const FIELDS: Array<{ key: string; multiline?: boolean; boolean?: boolean }> = [
  { key: 'name' },
  { key: 'description', multiline: true },
  { key: 'license' },
  { key: 'compatibility' },
  { key: 'allowed-tools' },
  { key: 'argument-hint' },
  { key: 'version' },
  { key: 'model' },
  { key: 'user-invocable', boolean: true },
  { key: 'disable-model-invocation', boolean: true },
];

const help = (key: string): string => {
  const props = (FRONTMATTER_SCHEMA as { properties?: Record<string, { description?: string }> }).properties;
  return props?.[key]?.description ?? '';
};

export function FrontmatterPanel(props: { text: string; readOnly?: boolean; onChange(text: string): void }) {
  const baseId = useId();
  const read = readFrontmatter(props.text);
  const set = (key: string, value: JsonValue | undefined) =>
    props.onChange(setFrontmatterField(props.text, key, value));
  return (
    <aside className="frontmatter-panel" aria-label="Frontmatter">
      <h3>Frontmatter</h3>
      {!read.ok ? (
        <p className="muted" role="status">
          {read.message}
        </p>
      ) : (
        FIELDS.map(({ key, multiline, boolean }) => {
          const id = `${baseId}-${key}`;
          const value = read.fields[key];
          const note = help(key);
          if (boolean)
            return (
              <label key={key} className="field" htmlFor={id}>
                <span>{key}</span>
                <select
                  id={id}
                  title={note}
                  disabled={props.readOnly}
                  value={typeof value === 'boolean' ? String(value) : ''}
                  onChange={(e) => set(key, e.target.value === '' ? undefined : e.target.value === 'true')}
                >
                  <option value="">(default)</option>
                  <option value="true">true</option>
                  <option value="false">false</option>
                </select>
              </label>
            );
          if (value !== undefined && typeof value !== 'string' && typeof value !== 'number')
            return (
              <div key={key} className="field">
                <span>{key}</span>
                <span className="muted">
                  A {Array.isArray(value) ? 'list' : typeof value}: edit it in the text.
                </span>
              </div>
            );
          const shown = value === undefined ? '' : String(value);
          const onChange = (v: string) => set(key, v === '' && value === undefined ? undefined : v);
          return (
            <label key={key} className="field" htmlFor={id}>
              <span>{key}</span>
              {multiline ? (
                <textarea
                  id={id}
                  title={note}
                  rows={4}
                  readOnly={props.readOnly}
                  value={shown}
                  onChange={(e) => onChange(e.target.value)}
                />
              ) : (
                <input
                  id={id}
                  title={note}
                  readOnly={props.readOnly}
                  value={shown}
                  onChange={(e) => onChange(e.target.value)}
                />
              )}
            </label>
          );
        })
      )}
    </aside>
  );
}
