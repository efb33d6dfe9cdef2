// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { makeCharacter } from '../test-support/fake-api';
import { editedCharacter, openCharacter } from '../test-support/render';

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
  it('puts the selected piece on a location by click, and by keyboard (arrows, Space, Enter)', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'fortunes-landing', name: 'Ayla' }));
    // No piece yet: the locations say so and do nothing.
    expect(part('Torso').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(armour()).getByRole('button', { name: 'Add an armour piece' }));
    fireEvent.change(within(armour()).getByRole('combobox', { name: 'Type' }), { target: { value: 'plate' } });
    fireEvent.change(within(armour()).getByRole('textbox', { name: 'Name' }), { target: { value: 'Breastplate' } });

    fireEvent.click(part('Torso'));
    expect(part('Torso').getAttribute('aria-checked')).toBe('true');
    expect(part('Torso').getAttribute('aria-label')).toBe('Torso. 5 points, averaged into the rating. covered by Breastplate');
    expect(editedCharacter(app).armour[0]!.locations).toEqual(['torso']);
    // Plate is 5 ("plate mail five"); one area covered: rating 5, Threshold 1 at 5 or more.
    expect(summary('Armour rating')).toBe('5');
    expect(summary('Threshold')).toBe('1');

    // Keyboard: from the torso, Right goes to the left arm (viewer's right), Down to the right leg.
    part('Torso').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(part('Left arm'));
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(part('Right leg'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(editedCharacter(app).armour[0]!.locations).toEqual(['torso', 'left-arm', 'right-leg']);
    // Enter again takes it off. Fortune's Landing has no head: it is not a location here.
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(editedCharacter(app).armour[0]!.locations).toEqual(['torso', 'left-arm']);
    expect(within(diagram()).queryByRole('checkbox', { name: /^Head/ })).toBeNull();
    fireEvent.keyDown(part('Right arm'), { key: 'Home' });
    expect(document.activeElement).toBe(part('Right arm'));
    fireEvent.keyDown(part('Right arm'), { key: 'ArrowLeft' });
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
  const options = () => within(screen.getByRole('group', { name: 'Areas averaged into the rating' })).getAllByRole('listitem');

  it('lists every choice with its rating, highlights the best, and writes the one picked', async () => {
    const { app, api, path } = await openCharacter(ayla);
    expect(options().map((li) => li.textContent)).toEqual([
      'No choice: use the best (5)',
      'Torsorating 5Best',
      'Torso, Left legrating 4',
      'Torso, Right legrating 4',
      'Torso, Left leg, Right legrating 3',
      'Left leg, Right legrating 2',
      'Left legrating 2',
      'Right legrating 2',
    ]);
    expect(options()[1]!.className).toContain('is-best');
    expect((within(options()[0]!).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(summary('Choice of areas')).toBe('None saved: the best is used');

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

  it('shows a violation beside the field it concerns, and the summary moves the focus there', async () => {
    await openCharacter({ ...ayla, armour: [{ name: 'Helm', type: 'plate', locations: ['head', 'torso'] }] });
    const piece = screen.getByRole('group', { name: 'Helm' });
    const covers = within(piece).getByRole('group', { name: 'Covers' });
    // The head is not a Fortune's Landing area (fl.armour.head): the error is under "Covers".
    const described = document.getElementById(covers.getAttribute('aria-describedby')!)!;
    expect(described.textContent).toContain('lists the head');
    expect(covers.getAttribute('aria-invalid')).toBe('true');
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
