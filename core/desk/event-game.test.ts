import { describe, expect, it } from 'vitest';
import { eventGame } from './event-game';

describe('eventGame', () => {
  it('is the game most characters play', () => {
    expect(eventGame(['novitas', 'curious-pastimes', 'novitas', null])).toEqual({ game: 'novitas', tied: [] });
  });
  it('names no game on a tie, and says which games tie', () => {
    expect(eventGame(['novitas', 'curious-pastimes', 'bg-magic'])).toEqual({ game: '', tied: ['bg-magic', 'curious-pastimes', 'novitas'] });
    expect(eventGame(['novitas', 'novitas', 'bg-magic', 'bg-magic', 'curious-pastimes'])).toEqual({ game: '', tied: ['bg-magic', 'novitas'] });
  });
  it('is empty for a folder with no readable character', () => {
    expect(eventGame([null])).toEqual({ game: '', tied: [] });
  });
});
