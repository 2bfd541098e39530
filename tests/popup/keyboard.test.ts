import { describe, expect, it } from 'vitest';
import { isSearchShortcut, moveActive } from '../../lib/popup/keyboard';

describe('moving through the list', () => {
  it('goes down from the box to the first row and stops at the last', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(1, 3, 'ArrowDown')).toBe(2);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(2);
  });
  it('goes up to the box from the first row', () => {
    expect(moveActive(2, 3, 'ArrowUp')).toBe(1);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(-1);
  });
  it('jumps with Home, End and pages', () => {
    expect(moveActive(4, 10, 'Home')).toBe(0);
    expect(moveActive(0, 10, 'End')).toBe(9);
    expect(moveActive(-1, 10, 'PageDown')).toBe(5);
    expect(moveActive(8, 10, 'PageDown')).toBe(9);
    expect(moveActive(7, 10, 'PageUp')).toBe(2);
  });
  it('has nowhere to go in an empty list, and clamps after the list shrank', () => {
    expect(moveActive(3, 0, 'ArrowDown')).toBe(-1);
    expect(moveActive(7, 2, 'ArrowUp')).toBe(0);
  });
});

describe('the "/" shortcut', () => {
  const key = { key: '/', ctrlKey: false, metaKey: false, altKey: false };
  it('focuses the search from anywhere but a field', () => {
    expect(isSearchShortcut(key, { tagName: 'BUTTON' })).toBe(true);
    expect(isSearchShortcut(key, null)).toBe(true);
  });
  it('types a slash in fields and leaves modified keys alone', () => {
    expect(isSearchShortcut(key, { tagName: 'INPUT' })).toBe(false);
    expect(isSearchShortcut(key, { tagName: 'select' })).toBe(false);
    expect(isSearchShortcut(key, { tagName: 'DIV', isContentEditable: true })).toBe(false);
    expect(isSearchShortcut({ ...key, ctrlKey: true }, null)).toBe(false);
  });
});
