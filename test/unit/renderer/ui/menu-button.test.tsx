// @vitest-environment jsdom
// The menu button: a real menu (role=menu) the keyboard drives; Escape closes it and gives the focus back.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuButton } from '../../../../renderer/src/ui/MenuButton.js';

afterEach(cleanup);

function renderMenu() {
  const picked: string[] = [];
  render(
    <MenuButton
      label="More actions"
      items={[
        { label: 'Duplicate', onSelect: () => picked.push('Duplicate') },
        { label: 'Rename', onSelect: () => picked.push('Rename'), disabled: true },
        { label: 'Delete', onSelect: () => picked.push('Delete') },
      ]}
    />,
  );
  return { picked, button: screen.getByRole('button', { name: 'More actions' }) };
}

describe('the menu button', () => {
  it('is a menu button that opens a menu with its first item focused', () => {
    const { button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'More actions' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Duplicate' }));
  });

  it('moves with the arrow keys, Home and End, wrapping around', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu');
    const item = (name: string) => screen.getByRole('menuitem', { name });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Rename'));
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(item('Delete'));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Duplicate'));
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('Delete'));
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(item('Duplicate'));
  });

  it('closes on Escape and gives the focus back to its button', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('runs an item on Enter or click, and not a disabled one', () => {
    const { picked, button } = renderMenu();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Duplicate' }), { key: 'Enter' });
    expect(picked).toEqual(['Duplicate']);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(screen.getByRole('menuitem', { name: 'Rename' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(picked).toEqual(['Duplicate', 'Delete']);
  });

  it('closes on a click elsewhere', () => {
    const onSelect = vi.fn();
    render(
      <>
        <MenuButton label="More actions" items={[{ label: 'Duplicate', onSelect }]} />
        <p>elsewhere</p>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onSelect).not.toHaveBeenCalled();
  });
});
