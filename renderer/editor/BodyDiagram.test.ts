// @vitest-environment jsdom
// The body diagram's arrow keys move as the shapes are laid out (a front view: the character's
// right arm and leg on the viewer's left): head on top, arms either side of the torso, legs below it.
import { describe, expect, it } from 'vitest';
import type { Location } from '../../core/model/ids';
import { neighbour } from './BodyDiagram';

const ALL: Location[] = ['head', 'torso', 'left-arm', 'right-arm', 'left-leg', 'right-leg'];
const NO_HEAD: Location[] = ['torso', 'left-arm', 'right-arm', 'left-leg', 'right-leg'];
const KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'] as const;

/** Where each arrow goes from a location: [up, down, left, right]; undefined where nothing lies that way. */
function moves(from: Location, among: readonly Location[]) {
  return KEYS.map((key) => neighbour(from, key, among));
}

describe('body diagram: arrow keys by position', () => {
  it('with a head (Curious Pastimes): every location, every arrow', () => {
    // Down from the torso is a leg (both are under it; the viewer's left one, the right leg, as the
    // page reads), never an arm beside it; Left and Right from it are the arms.
    expect(moves('torso', ALL)).toEqual(['head', 'right-leg', 'right-arm', 'left-arm']);
    expect(moves('head', ALL)).toEqual([undefined, 'torso', 'right-arm', 'left-arm']);
    // The arms: the torso inwards, the leg on their side below, the head above.
    expect(moves('right-arm', ALL)).toEqual(['head', 'right-leg', undefined, 'torso']);
    expect(moves('left-arm', ALL)).toEqual(['head', 'left-leg', 'torso', undefined]);
    // The legs: the torso above, each other side by side, the arm on the outside.
    expect(moves('right-leg', ALL)).toEqual(['torso', undefined, 'right-arm', 'left-leg']);
    expect(moves('left-leg', ALL)).toEqual(['torso', undefined, 'right-leg', 'left-arm']);
  });

  it('without a head (Fortune’s Landing, Novitas): Up from the torso or an arm goes nowhere', () => {
    expect(moves('torso', NO_HEAD)).toEqual([undefined, 'right-leg', 'right-arm', 'left-arm']);
    expect(moves('right-arm', NO_HEAD)).toEqual([undefined, 'right-leg', undefined, 'torso']);
    expect(moves('left-leg', NO_HEAD)).toEqual(['torso', undefined, 'right-leg', 'left-arm']);
  });
});
