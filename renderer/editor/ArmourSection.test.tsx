// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter } from '../testing/render';

afterEach(cleanup);

const armour = () => screen.getByRole('region', { name: 'Armour' });
const diagram = () => within(armour()).getByRole('group', { name: 'Body diagram' });
const part = (name: string) => within(diagram()).getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });
const summary = (label: string) => {
  const dt = within(screen.getByRole('region', { name: 'Derived values' }))
    .getAllByText(label)
    .find((el) => el.tagName === 'DT');
  return dt!.nextElementSibling!.textContent;
};

describe('armour section: the body diagram', () => {
  it('puts the selected piece on a location by click, and by keyboard (one tab stop, arrows by position, Space, Enter)', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'fortunes-landing', name: 'Ayla' }));
    // No piece yet: the locations say so, do nothing, and take no tab stop (no dead stops).
    expect(part('Torso').getAttribute('aria-disabled')).toBe('true');
    expect(diagram().querySelectorAll('[tabindex="0"]')).toHaveLength(0);
    fireEvent.click(within(armour()).getByRole('button', { name: 'Add an armour piece' }));
    // The focus goes to the new piece's Name field, not back to the button.
    const name = within(armour()).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(within(armour()).getByRole('combobox', { name: 'Type' }), { target: { value: 'plate' } });
    fireEvent.change(name, { target: { value: 'Breastplate' } });

    fireEvent.click(part('Torso'));
    expect(part('Torso').getAttribute('aria-checked')).toBe('true');
    expect(part('Torso').getAttribute('aria-label')).toBe('Torso, 5 points, averaged into the rating. covered by Breastplate');
    expect(editedCharacter(app).armour[0]!.locations).toEqual(['torso']);
    // Plate is 5 ("plate mail five"); one area covered: rating 5, Threshold 1 at 5 or more.
    expect(summary('Armour rating')).toBe('5');
    expect(summary('Threshold')).toBe('1');

    // One tab stop for the whole diagram: the torso, the location in use.
    expect([...diagram().querySelectorAll('[tabindex="0"]')].map((el) => el.getAttribute('data-location'))).toEqual(['torso']);
    // Keyboard, by position: from the torso, Right is the left arm (viewer's right), Down from it
    // the left leg (below it), Left from there the right leg, Up from a leg the torso.
    part('Torso').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(part('Left arm'));
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(part('Left leg'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(part('Right leg'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(editedCharacter(app).armour[0]!.locations).toEqual(['torso', 'left-arm', 'right-leg']);
    // The roving tab stop follows the focus.
    expect([...diagram().querySelectorAll('[tabindex="0"]')].map((el) => el.getAttribute('data-location'))).toEqual(['right-leg']);
    // Enter again takes it off. Fortune's Landing has no head: it is not a location here.
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(editedCharacter(app).armour[0]!.locations).toEqual(['torso', 'left-arm']);
    expect(within(diagram()).queryByRole('checkbox', { name: /^Head/ })).toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(part('Torso'));
    // Nothing further up (no head in this game): the focus stays.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(part('Torso'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(part('Right arm'));
    fireEvent.keyDown(part('Right arm'), { key: 'End' });
    expect(document.activeElement).toBe(part('Left leg'));
  });

  it('puts on the piece chosen for the diagram, and shows each location’s value', async () => {
    const { app } = await openCharacter(
      makeCharacter({
        ruleset: 'fortunes-landing',
        name: 'Ayla',
        armour: [
          { name: 'Breastplate', type: 'plate', locations: ['torso'] },
          { name: 'Greaves', type: 'heavy-leather', locations: [] },
        ],
      }),
    );
    fireEvent.click(within(screen.getByRole('group', { name: 'Greaves' })).getByRole('radio', { name: 'Put on with the diagram' }));
    fireEvent.click(part('Left leg'));
    expect(editedCharacter(app).armour.map((p) => p.locations)).toEqual([['torso'], ['left-leg']]);
    // Values drawn on the diagram: plate 5 on the torso, heavy leather 2 on the left leg.
    const value = (loc: string) => diagram().querySelector(`[data-location="${loc}"] .part-value`)!.textContent;
    expect([value('torso'), value('left-leg'), value('right-leg')]).toEqual(['5', '2', '–']);
  });
});

describe('armour section: words', () => {
  it('says "1 piece" and "1 point", not "1 pieces" or "1 points"', async () => {
    await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Elowen', armour: [{ name: 'Robe', type: 'cloth', locations: ['torso'] }] }));
    expect(part('Torso').getAttribute('aria-label')).toBe('Torso, 1 piece. covered by Robe');
    cleanup();
    await openCharacter(makeCharacter({ ruleset: 'fortunes-landing', name: 'Ayla', armour: [{ name: 'Jerkin', type: 'light-leather', locations: ['torso'] }] }));
    expect(part('Torso').getAttribute('aria-label')).toBe('Torso, 1 point, averaged into the rating. covered by Jerkin');
  });
});

describe("armour section: Fortune's Landing choice of areas", () => {
  // Plate 5 on the torso, heavy leather 2 on each leg. Every choice, best first (ties: more areas,
  // then area order): torso 5; torso + a leg (5 + 2) / 2 = 3.5, rounded up to 4 (two choices);
  // all three 9 / 3 = 3; both legs 2; one leg 2 (two choices).
  const ayla = makeCharacter({
    ruleset: 'fortunes-landing',
    name: 'Ayla',
    armour: [
      { name: 'Breastplate', type: 'plate', locations: ['torso'] },
      { name: 'Greaves', type: 'heavy-leather', locations: ['left-leg', 'right-leg'] },
    ],
  });
  const options = () => [...screen.getByRole('group', { name: 'Areas averaged into the rating' }).querySelectorAll('ul.options > li')] as HTMLElement[];

  it('shows the best five choices, every choice on request, keeps the chosen one in view, and writes the one picked', async () => {
    const { app, api, path } = await openCharacter(ayla);
    expect(options().map((li) => li.textContent)).toEqual([
      'No choice: use the best (5)',
      'Torsorating 5Best',
      'Torso, Left legrating 4',
      'Torso, Right legrating 4',
      'Torso, Left leg, Right legrating 3',
      'Left leg, Right legrating 2',
    ]);
    expect(screen.getByText('2 more choices, with lower ratings, are not shown.')).toBeTruthy();
    expect(options()[1]!.className).toContain('is-best');
    expect((within(options()[0]!).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(summary('Choice of areas')).toBe('None saved: the best is used');
    // No saved choice: the best (torso alone) leaves the worn legs off the tag, and it says so.
    const fieldset = screen.getByRole('group', { name: 'Areas averaged into the rating' });
    expect(document.getElementById(fieldset.getAttribute('aria-describedby')!)!.textContent).toContain('leaves the armour on the left leg and right leg out');

    const more = screen.getByRole('button', { name: 'Show every choice (7)' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(options()).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Show only the best 5' }).getAttribute('aria-expanded')).toBe('true');
    // Pick the last one (right leg alone), then show only the best again: the chosen one stays in view.
    fireEvent.click(within(options()[7]!).getByRole('radio'));
    expect(editedCharacter(app).fortunesLanding?.armourAreas).toEqual(['right-leg']);
    fireEvent.click(screen.getByRole('button', { name: 'Show only the best 5' }));
    expect(options().map((li) => li.textContent)).toEqual([
      'No choice: use the best (5)',
      'Torsorating 5Best',
      'Torso, Left legrating 4',
      'Torso, Right legrating 4',
      'Torso, Left leg, Right legrating 3',
      'Left leg, Right legrating 2',
      'Right legrating 2Chosen',
    ]);
    expect((within(options()[6]!).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    // A choice saved: no word about left-off areas.
    expect(fieldset.getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(within(options()[4]!).getByRole('radio'));
    expect(editedCharacter(app).fortunesLanding?.armourAreas).toEqual(['torso', 'left-leg', 'right-leg']);
    expect(options()[4]!.textContent).toContain('Chosen');
    expect(summary('Armour rating')).toBe('3');
    expect(summary('Threshold')).toBe('0');
    expect(summary('Averaged over')).toBe('Torso, Left leg, Right leg');

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByText('All changes saved');
    expect(api.files.get(path)!.character.fortunesLanding).toEqual({ armourAreas: ['torso', 'left-leg', 'right-leg'] });

    // "No choice" clears the saved areas again.
    fireEvent.click(within(options()[0]!).getByRole('radio'));
    expect(editedCharacter(app).fortunesLanding).toEqual({});
    expect(summary('Armour rating')).toBe('5');
  });

  it('two choices tying for the best are both marked, the sheet says which arm it leaves out, and the player picks one', async () => {
    // Plate 5 on the torso, heavy chain 4 on each arm: torso and one arm (5 + 4) / 2 = 4.5, rounded
    // up to 5, either arm; torso alone 5 over fewer areas; all three 13 / 3 = 4.33 -> 4.
    const { app } = await openCharacter(
      makeCharacter({
        ruleset: 'fortunes-landing',
        name: 'Brannoc',
        armour: [
          { name: 'Breastplate', type: 'plate', locations: ['torso'] },
          { name: 'Vambraces', type: 'heavy-chain', locations: ['left-arm', 'right-arm'] },
        ],
      }),
    );
    expect(options().map((li) => li.textContent).slice(0, 4)).toEqual([
      'No choice: the first of the tied best (5)',
      'Torso, Left armrating 5Tied best',
      'Torso, Right armrating 5Tied best',
      'Torsorating 5',
    ]);
    expect(options()[2]!.className).toContain('is-best');
    expect(options()[3]!.className).not.toContain('is-best');
    expect(summary('Choice of areas')).toBe('None saved: choices tie, the first is used');
    const fieldset = screen.getByRole('group', { name: 'Areas averaged into the rating' });
    const said = document.getElementById(fieldset.getAttribute('aria-describedby')!)!.textContent;
    expect(said).toContain('2 choices tie for the best rating (5): torso and left arm, or torso and right arm');
    expect(said).toContain('it leaves the armour on the right arm out');

    fireEvent.click(within(options()[2]!).getByRole('radio'));
    expect(editedCharacter(app).fortunesLanding?.armourAreas).toEqual(['torso', 'right-arm']);
    expect(options()[2]!.textContent).toBe('Torso, Right armrating 5Tied bestChosen');
    expect(summary('Averaged over')).toBe('Torso, Right arm');
    expect(fieldset.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows a violation beside the field it concerns, and the summary moves the focus there', async () => {
    await openCharacter({ ...ayla, armour: [{ name: 'Helm', type: 'plate', locations: ['head', 'torso'] }] });
    const piece = screen.getByRole('group', { name: 'Helm' });
    const covers = within(piece).getByRole('group', { name: 'Covers' });
    // The head is not a Fortune's Landing area (fl.armour.head): a warning under "Covers" that the
    // head counts nothing (a helmet breaks no rule), so the field is not marked invalid.
    const described = document.getElementById(covers.getAttribute('aria-describedby')!)!;
    expect(described.textContent).toContain('lists the head');
    expect(described.textContent).toContain('the head counts nothing');
    expect(covers.getAttribute('aria-invalid')).toBeNull();
    // The file's own head is still offered, so it can be taken off.
    expect(within(covers).getByRole('checkbox', { name: /^Head ?\(not used by this game\)$/ })).toBeTruthy();

    const rules = screen.getByRole('region', { name: 'Rules check' });
    fireEvent.click(within(rules).getByRole('button', { name: 'Go to Armour piece 1 › Covers' }));
    expect(document.activeElement).toBe(covers);
  });
});

describe('armour section: Curious Pastimes and bg-magic', () => {
  it('Curious Pastimes: hits per location and against arrows', async () => {
    await openCharacter(
      makeCharacter({
        ruleset: 'curious-pastimes',
        name: 'Brannoc',
        skills: [
          { id: 'body-development', level: 1 },
          { id: 'wear-medium-armour', level: 1 },
        ],
        armour: [{ name: 'Jerkin', type: 'medium', locations: ['torso', 'left-arm'] }],
      }),
    );
    // 1 hit a location, +1 Body Development; medium armour +2 where worn; arrows ignore armour.
    const table = within(armour()).getByRole('table', { name: 'Hits per location' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Head', '0', '2', '2'],
      ['Torso', '2', '4', '2'],
      ['Left arm', '2', '4', '2'],
      ['Right arm', '0', '2', '2'],
      ['Left leg', '0', '2', '2'],
      ['Right leg', '0', '2', '2'],
    ]);
    expect(within(armour()).getByRole('checkbox', { name: 'It is a helmet (counts on the head)' })).toBeTruthy();
  });

  it('Curious Pastimes: ticking "It is a helmet" puts the piece on the head, and the head counts it', async () => {
    const { app } = await openCharacter(
      makeCharacter({ ruleset: 'curious-pastimes', name: 'Brannoc', skills: [{ id: 'wear-medium-armour', level: 1 }], armour: [{ name: 'Pot helm', type: 'medium', locations: [] }] }),
    );
    const piece = screen.getByRole('group', { name: 'Pot helm' });
    fireEvent.click(within(piece).getByRole('checkbox', { name: 'It is a helmet (counts on the head)' }));
    expect(editedCharacter(app).armour[0]).toEqual({ name: 'Pot helm', type: 'medium', locations: ['head'], helmet: true });
    expect((within(piece).getByRole('checkbox', { name: 'Head' }) as HTMLInputElement).checked).toBe(true);
    // 1 hit + Medium 2 on the head; no "covers no location" warning.
    const head = within(armour()).getByRole('table', { name: 'Hits per location' }).querySelector('[data-hits="head"]')!;
    expect(head.textContent).toBe('3');
    expect(screen.queryByText(/covers no location/)).toBeNull();
    // Unticking takes it off the head again.
    fireEvent.click(within(piece).getByRole('checkbox', { name: 'It is a helmet (counts on the head)' }));
    expect(editedCharacter(app).armour[0]).toEqual({ name: 'Pot helm', type: 'medium', locations: [] });
  });

  it('bg-magic: armour worn against the armour the mage is entitled to', async () => {
    await openCharacter(
      makeCharacter({
        ruleset: 'bg-magic',
        name: 'Vasil',
        bgMagic: { path: 'battle', entitlement: 'leather', school: 'Fire' },
        armour: [{ name: 'Mail', type: 'metal', locations: ['torso'] }],
      }),
    );
    const facts = [...armour().querySelectorAll('dl.facts > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]);
    // Metal worn, leather entitled: it protects only as leather (bg.armour.heavier-than-entitled).
    expect(facts).toEqual([
      ['Worn', 'Metal'],
      ['Entitled to', 'Leather'],
      ['Protects as', 'Leather'],
    ]);
    const type = within(screen.getByRole('group', { name: 'Mail' })).getByRole('combobox', { name: 'Type' });
    expect(document.getElementById(type.getAttribute('aria-describedby')!)!.textContent).toContain('heavier than this mage');
    // A warning, not an error: the field is not marked invalid.
    expect(type.getAttribute('aria-invalid')).toBeNull();
  });
});
