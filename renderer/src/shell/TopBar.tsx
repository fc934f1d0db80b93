// The bar above the main area: a tab per view of the table, the count of unsaved files, the palette button.
import { VIEWS, type ViewId } from '../../../shared/views.js';
import { shortcutOf } from '../commands/commands.js';
import { useTablistKeys } from '../ui/roving-focus.js';
import type { View } from './navigation.js';

const VIEW_IDS = VIEWS.map((v) => v.id);

export function TopBar(props: {
  view: View;
  onShow(id: ViewId): void;
  unsaved: number;
  onPalette: () => void;
}) {
  const current = props.view.kind === 'add-skills' ? undefined : props.view.kind;
  const { tablist, tab } = useTablistKeys(VIEW_IDS, current, (id) => props.onShow(id));
  return (
    <nav className="topbar" aria-label="Workbench">
      <div className="view-tabs" aria-label="Views" {...tablist}>
        {VIEWS.map((v) => (
          <button
            key={v.id}
            className={current === v.id ? 'active' : ''}
            onClick={() => props.onShow(v.id)}
            {...tab(v.id)}
          >
            {v.label}
          </button>
        ))}
      </div>
      <span className="spacer" />
      {props.unsaved ? <span className="dirty-label">{props.unsaved} unsaved</span> : null}
      <button
        className="palette-button"
        onClick={props.onPalette}
        title={`Command palette (${shortcutOf('palette')})`}
      >
        Go to… <kbd>Ctrl/Cmd K</kbd>
      </button>
    </nav>
  );
}
