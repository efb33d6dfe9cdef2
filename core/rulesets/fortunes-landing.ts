// The Fortune's Landing ruleset (Raging Gargoyle Games, rules text 001): armour rating per area,
// the averaging choice, Threshold, costume armour and ultra-light weapons. Wear, breach and wounds live in
// `fortunes-landing-wear.ts` and `fortunes-landing-wounds.ts`. Readings: docs/rulesets/fortunes-landing.md.
import type { ArmourPiece, Character } from '../model/character';
import { LOCATION_WORDS, type Location } from '../model/ids';
import {
  FL_AREAS,
  FL_ARMOUR_POINTS,
  FL_ARMOUR_TYPES,
  FL_COSTUME_COST_MULTIPLIER,
  FL_ULTRA_LIGHT_COST_MULTIPLIER,
  areaOptions,
  averageRating,
  isFlArmourType,
  tiedBest,
  thresholdFor,
  type FlArea,
} from './fortunes-landing-armour';
import { packSkills } from '../packs/builtin';
import type { FortunesLandingDerived, Ruleset, SkillDef, Violation } from './types';

export * from './fortunes-landing-armour';

/** The skills the rules text names (from the game pack). Any other skill id on a character is a custom skill (allowed). */
export const FL_SKILLS: readonly SkillDef[] = packSkills('fortunes-landing');

const PIECE = (i: number) => `armour[${i}]`;

function label(piece: ArmourPiece, i: number): string {
  return piece.name.trim() === '' ? `armour piece ${i + 1}` : `"${piece.name}"`;
}

function deriveFortunesLanding(character: Character): { derived: FortunesLandingDerived; violations: Violation[] } {
  const violations: Violation[] = [];
  const perArea: Partial<Record<FlArea, number>> = {};
  /** Which piece indexes cover each area, for the layering warning. */
  const coveredBy: Partial<Record<FlArea, number[]>> = {};
  const costumePieces: string[] = [];

  character.armour.forEach((piece, i) => {
    if (piece.costume === true) costumePieces.push(piece.name);
    const known = isFlArmourType(piece.type);
    if (!known) {
      violations.push({
        code: 'fl.armour.unknown-type',
        message: `${label(piece, i)} has armour type "${piece.type}", which Fortune's Landing does not know. The rules give leather 1-2, chain 3-4 and plate 5: use one of ${FL_ARMOUR_TYPES.join(', ')}. It counts for nothing until fixed.`,
        severity: 'error',
        path: `${PIECE(i)}.type`,
      });
    }
    if (piece.locations.length === 0) {
      violations.push({
        code: 'fl.armour.no-areas',
        message: `${label(piece, i)} covers no area, so it protects nothing ("Armor only protects a character in areas where she is covered").`,
        severity: 'warning',
        path: `${PIECE(i)}.locations`,
      });
    }
    const seen = new Set<Location>();
    piece.locations.forEach((loc, j) => {
      if (seen.has(loc)) return;
      seen.add(loc);
      if (loc === 'head') {
        // Wearing a helmet breaks no rule; it only counts for nothing: "the body is divided into five
        // parts" and "The head, feet and hands are all illegal areas".
        violations.push({
          code: 'fl.armour.head',
          message: `${label(piece, i)} lists the head. Fortune's Landing divides the body into five areas (arms, legs, torso) and the head is not a legal target, so the head counts nothing: the piece adds no armour there.`,
          severity: 'warning',
          path: `${PIECE(i)}.locations[${j}]`,
        });
        return;
      }
      if (!known) return;
      const value = FL_ARMOUR_POINTS[piece.type as keyof typeof FL_ARMOUR_POINTS];
      perArea[loc] = Math.max(perArea[loc] ?? 0, value);
      (coveredBy[loc] ??= []).push(i);
    });
  });

  for (const area of FL_AREAS) {
    const pieces = coveredBy[area] ?? [];
    if (pieces.length < 2) continue;
    const names = pieces.map((i) => label(character.armour[i]!, i)).join(' and ');
    const second = pieces[1]!;
    violations.push({
      code: 'fl.armour.layered',
      message: `The ${LOCATION_WORDS[area]} is covered by ${names}. The rules do not address layering; by referee reading only the best piece counts there (${perArea[area]} points).`,
      severity: 'warning',
      path: `${PIECE(second)}.locations[${character.armour[second]!.locations.indexOf(area)}]`,
    });
  }

  const options = areaOptions(perArea);
  const tied = tiedBest(options);
  let areas: FlArea[] = [];
  let chosen = false;
  const saved = character.fortunesLanding?.armourAreas ?? [];
  const kept = new Set<FlArea>();
  saved.forEach((loc, j) => {
    const path = `fortunesLanding.armourAreas[${j}]`;
    if (loc === 'head') {
      violations.push({
        code: 'fl.areas.head',
        message: `The chosen armour areas list the head, which is not one of the five Fortune's Landing areas. Remove it.`,
        severity: 'error',
        path,
      });
    } else if (perArea[loc] === undefined) {
      violations.push({
        code: 'fl.areas.not-covered',
        message: `The chosen armour areas include the ${LOCATION_WORDS[loc]}, but no armour covers it ("Armor only protects a character in areas where she is covered"). Remove it from the choice or add armour there.`,
        severity: 'error',
        path,
      });
    } else if (kept.has(loc)) {
      violations.push({
        code: 'fl.areas.duplicate',
        message: `The chosen armour areas list the ${LOCATION_WORDS[loc]} more than once; it is counted once.`,
        severity: 'warning',
        path,
      });
    } else {
      kept.add(loc);
    }
  });
  if (kept.size > 0) {
    areas = FL_AREAS.filter((a) => kept.has(a));
    chosen = true;
  } else if (options[0] !== undefined) {
    areas = options[0].areas as FlArea[];
    // "player can choose not to include lesser armor value ... filling in any areas that are not
    // protected": the best option may leave worn armour off the tag, which the player should know.
    const left = FL_AREAS.filter((a) => perArea[a] !== undefined && !areas.includes(a));
    const listOf = (list: readonly FlArea[]) => {
      const words = list.map((a) => LOCATION_WORDS[a]);
      return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
    };
    if (tied > 1) {
      // Choices that tie differ only in which areas the tag fills in; nothing in the rules prefers
      // one, so the sheet says so and takes the first in its own order of areas (torso, left arm,
      // right arm, left leg, right leg) until the player chooses.
      const choices = options.slice(0, tied).map((o) => listOf(o.areas as FlArea[]));
      violations.push({
        code: 'fl.areas.tie',
        message: `No choice of armour areas is saved, and ${tied} choices tie for the best rating (${options[0].rating}): ${choices.slice(0, -1).join('; ')}${tied > 2 ? ';' : ','} or ${choices[choices.length - 1]}. The rules prefer none of them, so the sheet takes the first (${choices[0]}) in its order of areas; it leaves the armour on the ${listOf(left)} out, and the tag fills ${left.length === 1 ? 'it' : 'them'} in as not protected. Choose the one that matches the armour you wear.`,
        severity: 'warning',
        path: 'fortunesLanding.armourAreas',
        params: { count: tied, rating: options[0].rating, areas: left.join(',') },
      });
    } else if (left.length > 0) {
      violations.push({
        code: 'fl.areas.left-off',
        message: `No choice of armour areas is saved, so the best rating (${options[0].rating}) is assumed; it leaves the armour on the ${listOf(left)} out, and the tag fills ${left.length === 1 ? 'it' : 'them'} in as not protected. Choose the areas to keep ${left.length === 1 ? 'it' : 'them'} on the tag (at a lower rating), or confirm the best option.`,
        severity: 'warning',
        path: 'fortunesLanding.armourAreas',
        params: { areas: left.join(','), rating: options[0].rating },
      });
    }
  }
  const rating = averageRating(areas.map((a) => perArea[a] ?? 0));

  return {
    derived: {
      ruleset: 'fortunes-landing',
      armour: {
        rating,
        areas: [...areas],
        threshold: thresholdFor(rating),
        options,
        perArea,
        chosen,
        tied,
        costume: { pieces: costumePieces, costMultiplier: FL_COSTUME_COST_MULTIPLIER },
      },
      // "Ultra-lights ... are permitted in Fortune's Landing, however such weapons ... suffer some minor penalties".
      ultraLight: { weapons: character.weapons.filter((w) => w.ultraLight === true).map((w) => w.name), costMultiplier: FL_ULTRA_LIGHT_COST_MULTIPLIER },
    },
    violations,
  };
}

export const fortunesLanding: Ruleset<FortunesLandingDerived> = {
  id: 'fortunes-landing',
  name: "Fortune's Landing",
  locations: FL_AREAS,
  armourTypes: FL_ARMOUR_TYPES,
  skills: FL_SKILLS,
  derive: deriveFortunesLanding,
};
