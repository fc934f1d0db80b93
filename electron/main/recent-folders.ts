// Owns the folders recently opened as library roots, and where the OS shows them: recent documents (macOS File → Open
// Recent and the Dock's list, Windows' recent items), a Windows jump list whose entries launch the app with the
// folder, and the macOS Dock menu. Kept in `recent-folders.json` in the data folder.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { App, JumpListCategory, Menu as MenuType, MenuItemConstructorOptions } from 'electron';
import { recentFoldersFile } from '../core/app-data.js';
import { saveFileAtomically } from '../core/editor/save-file.js';

export const MAX_RECENT = 8;

interface RecentDeps {
  userData: string;
  platform: NodeJS.Platform;
  app: Pick<App, 'addRecentDocument' | 'setJumpList'> & { dock?: { setMenu(menu: MenuType): void } };
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): MenuType };
  /** The executable a jump list entry starts (a second launch with the folder as its argument). */
  execPath: string;
  open(folder: string): void;
  log(level: 'warn', message: string): void;
}

export class RecentFolders {
  private readonly file: string;
  private folders: string[];

  constructor(private readonly deps: RecentDeps) {
    this.file = recentFoldersFile(deps.userData);
    this.folders = this.read();
  }

  list(): string[] {
    return [...this.folders];
  }

  add(folder: string): void {
    this.folders = [folder, ...this.folders.filter((f) => f !== folder)].slice(0, MAX_RECENT);
    try {
      saveFileAtomically(this.file, `${JSON.stringify(this.folders)}\n`);
    } catch (error) {
      this.deps.log('warn', `Could not remember the recent folders: ${(error as Error).message}`);
    }
    if (this.deps.platform !== 'linux') this.deps.app.addRecentDocument(folder);
    this.publish();
  }

  /** Puts the list where the OS shows it (at start, and after each change). */
  publish(): void {
    const { platform, app, Menu } = this.deps;
    const existing = this.folders.filter((f) => existsSync(f));
    if (platform === 'win32') {
      const category: JumpListCategory = {
        type: 'custom',
        name: 'Recent folders',
        items: existing.map((folder) => ({
          type: 'task',
          title: basename(folder) || folder,
          description: folder,
          program: this.deps.execPath,
          args: `"${folder}"`,
          iconPath: this.deps.execPath,
          iconIndex: 0,
        })),
      };
      try {
        app.setJumpList(existing.length ? [category] : null);
      } catch (error) {
        this.deps.log('warn', `Could not set the jump list: ${(error as Error).message}`);
      }
    }
    if (platform === 'darwin' && app.dock)
      app.dock.setMenu(
        Menu.buildFromTemplate(
          existing.map((folder) => ({
            label: basename(folder) || folder,
            click: () => this.deps.open(folder),
          })),
        ),
      );
  }

  private read(): string[] {
    try {
      const value = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return Array.isArray(value)
        ? value.filter((f): f is string => typeof f === 'string').slice(0, MAX_RECENT)
        : [];
    } catch {
      return [];
    }
  }
}
