// The bar above the main area: a button per view of the table, the count of unsaved files, the palette button.
import { VIEWS, type ViewId } from '../../../shared/views.js';
import { shortcutOf } from '../commands/commands.js';
import type { View } from './navigation.js';

export function TopBar(props: {
  view: View;
  onShow(id: ViewId): void;
  unsaved: number;
  onPalette: () => void;
}) {
  return (
    <nav className="topbar" aria-label="Workbench">
      {VIEWS.map((v) => (
        <button
          key={v.id}
          className={props.view.kind === v.id ? 'active' : ''}
          onClick={() => props.onShow(v.id)}
        >
          {v.label}
        </button>
      ))}
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
