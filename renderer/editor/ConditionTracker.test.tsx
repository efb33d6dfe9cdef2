// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter } from '../testing/render';

afterEach(cleanup);

const tracker = () => screen.getByRole('region', { name: 'Conditions' });
const held = () => within(tracker()).queryByRole('list', { name: 'Conditions now' })?.textContent ?? '';
const click = (name: string) => fireEvent.click(within(tracker()).getByRole('button', { name }));
const choose = (label: string, value: string) => fireEvent.change(within(tracker()).getByRole('combobox', { name: label }), { target: { value } });

describe('Novitas condition tracker', () => {
  it('follows the conditions model: a wounded arm hit again is a Torso Wound that bleeds out', async () => {
    await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Elowen' }));
    expect(within(tracker()).getByText('No conditions.')).toBeTruthy();
    choose('Where', 'left-arm');
    click('Wound');
    expect(held()).toBe('Left Arm Wound');
    // Damage to an already wounded arm: a Torso Wound instead, which brings Bleeding Out (10 minutes).
    click('Wound');
    expect(held()).toBe('Torso WoundBleeding OutLeft Arm Wound');
    expect(within(tracker()).getByText('Bleeding out: dies in 10 minutes unless healed.')).toBeTruthy();
    // 4 minutes pass, then first aid adds 10: 10 + 10 - 4 = 16 minutes left.
    fireEvent.change(within(tracker()).getByRole('spinbutton', { name: 'Minutes' }), { target: { value: '4' } });
    click('Let the minutes pass');
    expect(within(tracker()).getByText('Bleeding out: dies in 6 minutes unless healed.')).toBeTruthy();
    click('First aid');
    expect(within(tracker()).getByText('Bleeding out: dies in 16 minutes unless healed.')).toBeTruthy();
    // The core's notes, newest first.
    const log = within(tracker()).getByRole('region', { name: 'What happened' });
    expect(within(log).getAllByRole('listitem')[0]!.textContent).toContain('First aid: the character now dies after 20 minutes');
  });

  it('an effect on a wounded limb does nothing; Poisoned locks the wounds it came with', async () => {
    await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Elowen' }));
    choose('Where', 'right-leg');
    choose('By', 'effect');
    click('Wound');
    click('Wound');
    expect(held()).toBe('Right Leg Wound');
    fireEvent.click(within(tracker()).getByRole('checkbox', { name: 'with Torso Wound' }));
    click('Poison');
    expect(held()).toBe('PoisonedTorso Wound (came with the poison)Bleeding Out (came with the poison)Right Leg Wound');
    choose('Where', 'torso');
    click('Heal that wound');
    const log = within(tracker()).getByRole('region', { name: 'What happened' });
    expect(within(log).getAllByRole('listitem')[0]!.textContent).toBe('Not possible The Torso Wound came with the Poisoned condition and can only be removed by removing Poisoned.');
    click('Remove Poisoned');
    expect(held()).toBe('Right Leg Wound');
  });

  it('casting: a wounded arm is not a free hand', async () => {
    // "Wounded arms do not count as free hands for the purposes of casting spells."
    await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Elowen' }));
    const casting = within(tracker()).getByRole('group', { name: 'Casting: a free hand' });
    expect(within(casting).getByText('Either hand is free to cast with.')).toBeTruthy();
    fireEvent.click(within(casting).getByRole('checkbox', { name: 'The right hand holds something' }));
    expect(within(casting).getByText('The left hand is free to cast with.')).toBeTruthy();
    choose('Where', 'left-arm');
    click('Wound');
    expect(within(casting).queryByText(/free to cast with/)).toBeNull();
    expect(within(casting).getByText(/^No free hand to cast with: the left arm is wounded and the right hand is full\./)).toBeTruthy();
    fireEvent.click(within(casting).getByRole('checkbox', { name: 'The right hand holds something' }));
    expect(within(casting).getByText('The right hand is free to cast with.')).toBeTruthy();
  });

  it('is session state: not in the character, not saved, not undone', async () => {
    const { app, api, path } = await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Elowen' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Player' }), { target: { value: 'Dana' } });
    click('Die');
    expect(held()).toBe('Dead');
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(editedCharacter(app).player).toBe('');
    expect(held()).toBe('Dead');
    fireEvent.change(screen.getByRole('textbox', { name: 'Player' }), { target: { value: 'Dana' } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await act(async () => undefined);
    expect(api.files.get(path)!.character).toEqual({ ...editedCharacter(app) });
    expect(JSON.stringify(api.files.get(path)!.character)).not.toMatch(/dead/i);
  });
});

describe("Fortune's Landing wounds and armour wear", () => {
  const ayla = makeCharacter({ ruleset: 'fortunes-landing', name: 'Ayla', armour: [{ name: 'Breastplate', type: 'plate', locations: ['torso'] }] });

  it('two Limb Wounds: unconscious in 10 minutes, dead 5 after; Healing Ways stops it', async () => {
    await openCharacter(ayla);
    choose('Where', 'left-leg');
    click('Wound');
    choose('Where', 'right-leg');
    click('Wound');
    expect(held()).toContain('Left leg useless');
    expect(within(tracker()).getByText('Unconscious in 10 minutes unless the Wounds are tended.')).toBeTruthy();
    expect(within(tracker()).getByText('Dead in 15 minutes unless treated with Healing Ways.')).toBeTruthy();
    click('Healing Ways');
    expect(within(tracker()).queryByText(/Dead in/)).toBeNull();
    expect(within(tracker()).getByText('Tended with Healing Ways: not bleeding to death.')).toBeTruthy();
  });

  it('healing: Stabilize wakes in an hour; Chirurgery wakes at once and heals in an hour; minutes pass to healed', async () => {
    await openCharacter(ayla);
    choose('Where', 'torso');
    click('Wound');
    expect(within(tracker()).getByText('Unconscious now.')).toBeTruthy();
    // Chirurgery before Healing Ways is refused: "the wound must first have been successfully treated with Healing Ways".
    click('Chirurgery');
    expect(document.querySelector('[data-healing="notes"]')?.textContent).toMatch(/Not possible.*must first have been successfully treated with Healing Ways/);
    // Stabilize: "A stabilized character will awaken in one hour" (no Rapid Healing).
    click('Stabilize');
    expect(within(tracker()).getByText('Wakes in 1 hour (Stabilize).')).toBeTruthy();
    expect(within(tracker()).queryByText(/Dead in/)).toBeNull();
    // Natural healing of a treated Wound: "two to six weeks".
    expect(document.querySelector('[data-healing="natural"]')?.textContent).toMatch(/^Heals naturally in 2 to 6 weeks/);
    // Chirurgery: "An unconscious character awakens immediately"; "all Wounds are healed after one hour".
    click('Chirurgery');
    expect(within(tracker()).getByText('Awake (Chirurgery); the Wounds keep their effects until healed.')).toBeTruthy();
    expect(document.querySelector('[data-healing="course"]')?.textContent).toBe('All Wounds healed in 60 minutes (Chirurgery).');
    fireEvent.change(within(tracker()).getByRole('spinbutton', { name: 'Minutes' }), { target: { value: '60' } });
    click('Let the minutes pass');
    expect(within(tracker()).getByText('No Wounds.')).toBeTruthy();
  });

  it("healing with Rapid Healing and Healer's Touch: two methods halve, Healer's Touch halves again (15 minutes)", async () => {
    await openCharacter({ ...ayla, skills: [{ id: 'rapid-healing', level: 1 }] });
    choose('Where', 'left-arm');
    click('Wound');
    fireEvent.click(within(tracker()).getByRole('checkbox', { name: "The healer has Healer's Touch" }));
    // Rapid Healing: healed "in one hour" once treated with Healing Ways.
    click('Healing Ways');
    expect(document.querySelector('[data-healing="course"]')?.textContent).toBe('All Wounds healed in 60 minutes (Rapid Healing).');
    // Chirurgery with Healer's Touch on a Rapid Healer: "Chirurgery and Healer's Touch ... healing time is quartered": 60 / 4 = 15.
    click('Chirurgery');
    expect(document.querySelector('[data-healing="course"]')?.textContent).toBe("All Wounds healed in 15 minutes (Chirurgery, Rapid Healing, Healer's Touch).");
    // The Wake Up chart for a Rapid Healer: Healing Ways and Stabilize "immediately with Rapid Healing"; none 24 hours.
    const chart = within(tracker()).getByRole('table');
    expect(within(chart).getByRole('row', { name: /^Healing Ways/ }).textContent).toBe('Healing Waysimmediately');
    expect(within(chart).getByRole('row', { name: /^No healing/ }).textContent).toBe('No healing24 hours');
  });

  it('Cure Light Wounds heals the chosen limb; Cure Serious Wounds up to three', async () => {
    await openCharacter(ayla);
    for (const where of ['left-arm', 'right-arm', 'left-leg', 'right-leg']) {
      choose('Where', where);
      click('Wound');
    }
    choose('Limb for Cure Light Wounds', 'right-leg');
    click('Cure Light Wounds');
    expect(held()).not.toContain('Right leg useless');
    expect(held()).toContain('Left leg useless');
    // Three Wounds left; Cure Serious Wounds "heals up to three Wounds of any type".
    click('Cure Serious Wounds');
    expect(within(tracker()).getByText('No Wounds.')).toBeTruthy();
  });

  it('armour of rating 5 shrugs off a 1-damage blow (Threshold) and loses a point to a heavier one', async () => {
    await openCharacter(ayla);
    const wear = within(tracker()).getByRole('group', { name: 'Armour in the fight' });
    expect(within(wear).getByText('Armour now 5 of 5.')).toBeTruthy();
    click('Take a blow');
    expect(within(wear).getByText('No effect: the armour’s Threshold stopped it.')).toBeTruthy();
    fireEvent.change(within(wear).getByRole('spinbutton', { name: 'Blow damage' }), { target: { value: '3' } });
    click('Take a blow');
    // 3 is not more than 5: no Wound, the rating drops by one.
    expect(within(wear).getByText('Armour now 4 of 5.')).toBeTruthy();
    expect(within(wear).getByText('The armour stopped it (and lost a point).')).toBeTruthy();
    click('Readjust (one minute)');
    expect(within(wear).getByText('Armour now 5 of 5.')).toBeTruthy();
  });
});
