// @vitest-environment jsdom
// A folder the library could not read is not simply missing from the list: it is listed with the error and how to
// fix it (the scan's own finding, as `skills:list` carries it).
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { folderUnreadable } from '../../../../electron/core/skills/scan.js';
import { LibraryPanel } from '../../../../renderer/src/library/LibraryPanel.js';

afterEach(cleanup);

describe('folders that could not be read', () => {
  it('are listed in the library with the error and the fix', () => {
    const problem = folderUnreadable('/work/library/private-skills', 'EACCES');
    render(
      <LibraryPanel entries={[]} selected={undefined} onSelect={() => undefined} problems={[problem]} />,
    );
    const list = screen.getByRole('list', { name: 'Folders that could not be read' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('private-skills');
    expect(item.textContent).toContain('could not be read (EACCES); its skills were skipped');
    expect(item.textContent).toContain('chmod u+rx "/work/library/private-skills"');
  });

  it('says how to fix a folder that vanished while it was read', () => {
    expect(folderUnreadable('/lib/gone', 'ENOENT').message).toMatch(
      /could not be read \(ENOENT\).*Check that it still exists and can be opened, or move it out of the root\./,
    );
  });
});
