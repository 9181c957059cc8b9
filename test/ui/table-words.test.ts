/**
 * The size switch's words (src/ui/table-words.ts): the pieces that keep a table from switching, or
 * lie partly off it after, named as their labels name them; obstacles and unnamed squadrons by id.
 */
import { describe, expect, it } from 'vitest';
import { validateTable } from '../../src/model/table';
import { piecesOffSize, positionProblem } from '../../src/state/pieces';
import { andList as listWords } from '../../src/model/names';
import { switchedPartlyText, switchRefusedText } from '../../src/ui/table-words';

// a 3'x6' table with pieces beyond x = 914.4 (off a 3'x3' table): ships of a class, a titled ship,
// a named squadron, an unnamed one and an obstacle
const t = validateTable({
  format: 'armada-table/1',
  table: '3x6',
  ships: [
    { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 1000, y: 100, rotation: 0, speed: 2 },
    { id: 'cr-a', size: 'small', class: 'cr90', player: 2, x: 1200, y: 800, rotation: 180, speed: 2 },
    { id: 'cr-b', size: 'small', class: 'cr90', player: 2, x: 1300, y: 800, rotation: 180, speed: 2 },
    { id: 'gr75', size: 'small', name: 'Bright Hope', player: 2, x: 400, y: 800, rotation: 180, speed: 2 },
  ],
  squadrons: [
    { id: 'int1', name: 'Howlrunner', player: 1, x: 1100, y: 200 },
    { id: 'awing1', player: 2, x: 1150, y: 700 },
  ],
  obstacles: [{ id: 'asteroid-a', type: 'asteroid-a', x: 1250, y: 450, rotation: 0 }],
});

describe('the size switch in words', () => {
  it("a refused switch to 3'x3' names ships and named squadrons; an obstacle and an unnamed squadron keep their ids", () => {
    const off = piecesOffSize(t, '3x3');
    expect(off.sort()).toEqual(['asteroid-a', 'awing1', 'cr-a', 'cr-b', 'int1', 'vsd'].sort());
    const text = switchRefusedText(t, '3x3', piecesOffSize(t, '3x3'));
    expect(text).toBe(
      "Not switched to 3'x3': Victory, CR90 1, CR90 2, Howlrunner, awing1 and asteroid-a lie off it. " +
        'Move or remove them first.',
    );
    expect(text).not.toMatch(/\bvsd\b|cr-a|cr-b|int1/);
  });

  it('one piece partly off after a switch: by its name, in the singular', () => {
    const text = switchedPartlyText({ ...t, table: '3x3' }, ['gr75']);
    expect(text).toMatch(/^Switched to 3'x3': Bright Hope is partly off the table/);
    expect(text).not.toContain('gr75');
  });

  it('a typed position off the table names the ship as its label does', () => {
    const p = positionProblem(t, 'vsd', { x: 5000 });
    expect(p).toMatch(/^Victory was not moved: x = 5000 mm is off the 3'x6' table/);
    expect(p).not.toContain('vsd');
  });

  it('lists: one, two, more', () => {
    expect([listWords([]), listWords(['a']), listWords(['a', 'b']), listWords(['a', 'b', 'c'])]).toEqual([
      '',
      'a',
      'a and b',
      'a, b and c',
    ]);
  });
});
