import { describe, expect, it } from 'vitest';
import { flood } from './flood.ts';

describe('flood', () => {
  // 5 x 4:  # is open, . is shut
  //   # # . # #
  //   . # . # .
  //   . # # # .
  //   # . . . #
  const grid = ['##.##', '.#.#.', '.###.', '#...#'].join('');
  const open = (i: number): boolean => grid[i] === '#';

  it('reaches what joins the seeds through open 4-neighbours, each once, the seeds first', () => {
    const reached = flood([0, 1], 5, 4, open);
    expect(reached.slice(0, 2)).toEqual([0, 1]);
    expect([...reached].sort((a, b) => a - b)).toEqual([0, 1, 3, 4, 6, 8, 11, 12, 13]);
  });

  it('does not step diagonally, across a row end or off the grid', () => {
    // The bottom corners touch the middle row only diagonally; 4 (end of the first row) is not 5's neighbour.
    expect(flood([15], 5, 4, open)).toEqual([15]);
    expect(flood([19], 5, 4, open)).toEqual([19]);
    expect(flood([9], 5, 4, () => true)).toHaveLength(20);
  });

  it('takes a seed even where it does not pass, and repeated seeds once', () => {
    // 2 is shut, but as a seed it joins both halves of the top row.
    const reached = flood([2, 2], 5, 4, open);
    expect(reached[0]).toBe(2);
    expect(reached.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 6, 8, 11, 12, 13]);
  });
});
