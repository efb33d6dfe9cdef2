// @vitest-environment jsdom
// The desk's character picker on its own: the list capped at 100 with a word to type more, narrowing
// by typing, the arrows staying inside the list, Enter picking (and typing again dropping the pick),
// and what it says when nobody can receive at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { fakeId } from '../../core/desk/testing';
import type { Recipient } from '../../core/desk/recipients';
import { CharacterPicker } from './CharacterPicker';

afterEach(() => cleanup());

const many: Recipient[] = Array.from({ length: 150 }, (_, i) => ({ id: fakeId(i + 1), name: `Character ${i + 1}`, player: i % 2 ? 'Lee' : '' }));

function Picker({ list, onPick }: { list: Recipient[]; onPick: (id: string) => void }) {
  const [value, setValue] = useState('');
  return <CharacterPicker id="to" label="To" list={list} leftOut={[]} value={value} onChange={(id) => (setValue(id), onPick(id))} />;
}

describe('the character picker', () => {
  it('lists the first 100 and asks for more letters; typing narrows; ↑ ↓ stay in the list; Enter picks', () => {
    const onPick = vi.fn();
    render(<Picker list={many} onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'To' });
    const options = () => within(screen.getByRole('listbox', { name: 'To' })).getAllByRole('option');
    expect(options()).toHaveLength(100);
    expect(screen.getByRole('status').textContent).toBe('Showing 100 of 150: type more to narrow the list.');

    fireEvent.change(box, { target: { value: 'character 14' } });
    expect(options().map((o) => o.textContent)).toEqual(['Character 14 · Lee', 'Character 114 · Lee', 'Character 140 · Lee', 'Character 141', 'Character 142 · Lee', 'Character 143', 'Character 144 · Lee', 'Character 145', 'Character 146 · Lee', 'Character 147', 'Character 148 · Lee', 'Character 149']);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    for (let i = 0; i < 20; i++) fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[11]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenLastCalledWith(fakeId(149));
    expect((box as HTMLInputElement).value).toBe('Character 149');
    expect(screen.getByRole('status').textContent).toBe('Chosen: Character 149.');
    expect(options().filter((o) => o.getAttribute('aria-selected') === 'true').map((o) => o.textContent)).toEqual(['Character 149']);

    fireEvent.change(box, { target: { value: 'Character 14' } });
    expect(onPick).toHaveBeenLastCalledWith('');
  });

  it('says so when nobody can receive at all', () => {
    render(<Picker list={[]} onPick={() => undefined} />);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'To' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Nobody can receive it: every other character is dead or retired.');
  });
});
