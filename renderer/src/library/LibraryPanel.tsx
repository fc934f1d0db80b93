// The library list: every skill of every root, searchable, with error/warning/tool badges. Rows are windowed so
// thousands of skills stay fast (only the visible rows are rendered).
import { useId, useMemo, useState, type ReactNode, type UIEvent } from 'react';
import type { Diagnostic, ListedEntry } from '../../../shared/types.js';
import { qualifiedName } from '../../../shared/effective.js';
import { shortcutOf } from '../commands/commands.js';
import { movedIndex } from '../ui/roving-focus.js';
import { FittedBadges, type BadgeItem } from './FittedBadges.js';
import { UnreadableFolders } from './UnreadableFolders.js';
import './library.css';

const ROW_HEIGHT = 44;
const OVERSCAN = 8;

interface LibraryFilters {
  errors: boolean;
  tools: boolean;
  shadowed: boolean;
  format: string;
  root: string;
}

const NO_FILTERS: LibraryFilters = {
  errors: false,
  tools: false,
  shadowed: false,
  format: '',
  root: '',
};

function matchesFilters(entry: ListedEntry, f: LibraryFilters): boolean {
  if (f.errors && !entry.diagnostics.some((d) => d.severity === 'error')) return false;
  if (f.tools && (entry.skill?.tools.length ?? 0) === 0) return false;
  if (f.shadowed && entry.status !== 'shadowed') return false;
  if (f.format && entry.format !== f.format) return false;
  if (f.root && entry.rootId !== f.root) return false;
  return true;
}

function matchesSearch(entry: ListedEntry, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const skill = entry.skill;
  return `${skill ? qualifiedName(skill) : ''} ${skill?.description ?? ''} ${entry.id}`
    .toLowerCase()
    .includes(q);
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** A row's own badges, most telling first: errors, warnings, tools, a format other than SKILL.md, shadowed. */
function rowBadgeItems(entry: ListedEntry): BadgeItem[] {
  const errors = entry.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = entry.diagnostics.filter((d) => d.severity === 'warning').length;
  const tools = entry.skill?.tools.length ?? 0;
  const items: BadgeItem[] = [];
  if (errors > 0) items.push({ key: 'errors', label: plural(errors, 'error'), className: 'error' });
  if (warnings > 0) items.push({ key: 'warnings', label: plural(warnings, 'warning'), className: 'warning' });
  if (tools > 0) items.push({ key: 'tools', label: plural(tools, 'tool') });
  if (entry.format !== 'skill-md') items.push({ key: 'format', label: entry.format });
  if (entry.status === 'shadowed') items.push({ key: 'shadowed', label: 'shadowed' });
  return items;
}

export function LibraryPanel(props: {
  entries: ListedEntry[];
  selected: string | undefined;
  onSelect: (id: string) => void;
  /** False until the first list arrives (the list says it is loading rather than empty). */
  loaded?: boolean;
  onNewSkill?: () => void;
  onAddSkills?: () => void;
  /** More badges for a row (its install state and the agents it is installed for), after its own. */
  rowBadges?: (entry: ListedEntry) => BadgeItem[];
  /** Under the count: the installed skills' update check (issue 17). */
  status?: ReactNode;
  /** The library's problems with its roots: folders that could not be read are listed with the fix. */
  problems?: readonly Diagnostic[];
}) {
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<LibraryFilters>(NO_FILTERS);
  const roots = useMemo(() => [...new Set(props.entries.map((e) => e.rootId))], [props.entries]);
  const formats = useMemo(() => [...new Set(props.entries.map((e) => e.format))], [props.entries]);
  const toggle = (key: 'errors' | 'tools' | 'shadowed') => setFilters((f) => ({ ...f, [key]: !f[key] }));
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(800);
  const visible = useMemo(
    () =>
      props.entries.filter(
        (e) => e.status !== 'excluded' && matchesSearch(e, query) && matchesFilters(e, filters),
      ),
    [props.entries, query, filters],
  );
  // The row the arrows move (Enter opens it): the selected one until the arrows move away from it.
  const [active, setActive] = useState<string>();
  const [selectedBefore, setSelectedBefore] = useState(props.selected);
  if (selectedBefore !== props.selected) {
    setSelectedBefore(props.selected);
    setActive(undefined);
  }
  const activeIndex = visible.findIndex((v) => v.id === (active ?? props.selected));
  const listId = useId();
  const rowId = (index: number) => `${listId}-row-${index}`;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(visible.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    setScrollTop(e.currentTarget.scrollTop);
    setHeight(e.currentTarget.clientHeight);
  };
  return (
    <aside className="sidebar" aria-label="Skill library">
      <header>
        <div className="sidebar-title">
          <h1>Skillbench</h1>
          <span className="sidebar-actions">
            {props.onAddSkills ? (
              <button
                className="small"
                onClick={props.onAddSkills}
                title="Add skills from a folder, a zip or git"
              >
                Add skills
              </button>
            ) : null}
            {props.onNewSkill ? (
              <button
                className="small"
                onClick={props.onNewSkill}
                title={`New skill (${shortcutOf('new-skill')})`}
              >
                New skill
              </button>
            ) : null}
          </span>
        </div>
        <input
          className="search"
          type="search"
          placeholder="Search skills"
          aria-label="Search skills"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div className="filters" role="group" aria-label="Filters">
          {(['errors', 'tools', 'shadowed'] as const).map((key) => (
            <button
              key={key}
              type="button"
              className="chip"
              aria-pressed={filters[key]}
              onClick={() => toggle(key)}
            >
              {key === 'errors' ? 'Has errors' : key === 'tools' ? 'Has tools' : 'Shadowed'}
            </button>
          ))}
          <select
            aria-label="Format"
            value={filters.format}
            onChange={(e) => setFilters((f) => ({ ...f, format: e.target.value }))}
          >
            <option value="">All formats</option>
            {formats.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
          <select
            aria-label="Root"
            value={filters.root}
            onChange={(e) => setFilters((f) => ({ ...f, root: e.target.value }))}
          >
            <option value="">All roots</option>
            {roots.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
        <div className="count" aria-live="polite">
          {visible.length} of {props.entries.filter((e) => e.status !== 'excluded').length} skills
        </div>
        {props.status}
        <UnreadableFolders problems={props.problems ?? []} />
      </header>
      <div
        className="list"
        role="listbox"
        aria-label="Skills"
        // One Tab stop: the focus stays on the list and the active row is named to assistive technology (rows are
        // windowed, so they cannot hold the focus themselves).
        tabIndex={0}
        aria-activedescendant={activeIndex >= first && activeIndex < last ? rowId(activeIndex) : undefined}
        onScroll={onScroll}
        onKeyDown={(e) => {
          if ((e.key === 'Enter' || e.key === ' ') && visible[activeIndex]) {
            e.preventDefault();
            props.onSelect(visible[activeIndex].id);
            return;
          }
          const index = movedIndex(e.key, activeIndex, visible.length, 'vertical');
          const next = index === undefined ? undefined : visible[index];
          if (index === undefined || !next) return;
          e.preventDefault();
          setActive(next.id);
          const list = e.currentTarget;
          if (index * ROW_HEIGHT < list.scrollTop) list.scrollTop = index * ROW_HEIGHT;
          else if ((index + 1) * ROW_HEIGHT > list.scrollTop + list.clientHeight)
            list.scrollTop = (index + 1) * ROW_HEIGHT - list.clientHeight;
        }}
      >
        {props.loaded === false ? <p className="empty">Loading the library…</p> : null}
        {props.loaded !== false && visible.length === 0 ? (
          <p className="empty">
            {query ? 'No skill matches the search.' : 'No skills here. Add a root in Settings.'}
          </p>
        ) : null}
        <div style={{ height: visible.length * ROW_HEIGHT }} />
        {visible.slice(first, last).map((entry, i) => {
          const badges = [...rowBadgeItems(entry), ...(props.rowBadges?.(entry) ?? [])];
          return (
            <div
              key={`${entry.id}|${entry.path}`}
              id={rowId(first + i)}
              className={first + i === activeIndex ? 'row active' : 'row'}
              data-id={entry.id}
              title={
                entry.status === 'shadowed' ? `Shadowed: ${entry.reason ?? 'another skill wins'}` : undefined
              }
              role="option"
              aria-selected={props.selected === entry.id}
              style={{ top: (first + i) * ROW_HEIGHT }}
              onClick={() => {
                setActive(entry.id);
                props.onSelect(entry.id);
              }}
            >
              <div className="name">
                <span className="skill-name">{entry.skill ? qualifiedName(entry.skill) : entry.id}</span>
                <FittedBadges items={badges} />
              </div>
              <div className="desc">{entry.skill?.description || entry.path}</div>
            </div>
          );
        })}
      </div>
    </aside>
  );
}
