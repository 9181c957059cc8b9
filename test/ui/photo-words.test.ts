/**
 * The photo view's words (src/ui/photo-words.ts): the prompt, the Mark buttons, the marks' labels and the
 * status line name the pieces as the table does (src/model/names.ts): two ships of one class numbered, a
 * titled ship and a named squadron by their names; an obstacle and an unnamed squadron keep their ids.
 */
import { describe, expect, it } from 'vitest';
import { namer } from '../../src/model/names';
import type { PhotoEvidence } from '../../src/model/photo';
import { validateTable } from '../../src/model/table';
import {
  calibrationPointWords,
  markButtonText,
  markedWords,
  markPointWords,
  type Mode,
  promptText,
} from '../../src/ui/photo-words';

const t = validateTable({
  format: 'armada-table/1',
  table: '3x6',
  ships: [
    { id: 'p1-ship4', size: 'medium', class: 'victory', player: 1, x: 300, y: 300, rotation: 0, speed: 2 },
    { id: 'p2-ship1', size: 'medium', class: 'victory', player: 2, x: 900, y: 600, rotation: 180, speed: 2 },
    { id: 'gr75', size: 'small', name: 'Bright Hope', player: 2, x: 400, y: 800, rotation: 180, speed: 2 },
  ],
  squadrons: [
    { id: 'int1', name: 'Howlrunner', player: 1, x: 500, y: 200 },
    { id: 'awing1', player: 2, x: 550, y: 700 },
  ],
  obstacles: [{ id: 'asteroid-a', type: 'asteroid-a', x: 1250, y: 450, rotation: 0 }],
});
const say = namer(t);
const draft: PhotoEvidence = {
  size: [2000, 1500],
  calibration: [],
  marks: [
    { piece: 'p2-ship1', px: [[10, 10]], points: ['front-left'] },
    {
      piece: 'awing1',
      px: [
        [20, 20],
        [30, 30],
      ],
      points: 'rim',
    },
  ],
};
const mark = (piece: string): Mode => ({ kind: 'mark', piece, queue: null });

describe('the photo view in words', () => {
  it('asks for a ship by its name, numbered when two share a class, and the corner its marks reach', () => {
    expect(promptText(mark('p1-ship4'), t, draft, say)).toBe(
      'Mark Victory 1: tap its front-left base corner (its top edge; 2 to 4 corners).',
    );
    // one corner marked: the next is asked for
    expect(promptText(mark('p2-ship1'), t, draft, say)).toMatch(
      /^Mark Victory 2: tap its front-right base corner/,
    );
    expect(promptText(mark('gr75'), t, draft, say)).toMatch(/^Mark Bright Hope: tap its front-left/);
    const cal: Mode = { kind: 'calibrate', ships: ['p1-ship4', 'p2-ship1'], ship: 1, corner: 2, done: 1 };
    expect(promptText(cal, t, draft, say)).toMatch(/^Calibrate: tap Victory 2's rear-right base corner/);
    for (const m of [mark('p1-ship4'), mark('p2-ship1'), cal])
      expect(promptText(m, t, draft, say)).not.toMatch(/p\d-ship/);
  });

  it('a named squadron by its name; an unnamed one and an obstacle by their ids', () => {
    expect(promptText(mark('int1'), t, draft, say)).toMatch(/^Mark Howlrunner: tap points on its base's rim/);
    expect(promptText(mark('awing1'), t, draft, say)).toContain('Mark awing1: ');
    expect(promptText(mark('awing1'), t, draft, say)).toContain('(2 of at least 3)');
    expect(promptText(mark('asteroid-a'), t, draft, say)).toMatch(
      /^Mark asteroid-a: tap corners of its outline/,
    );
  });

  it('the buttons, the marks and the status line name the pieces alike', () => {
    expect(markButtonText(say, 'p1-ship4')).toBe('Mark Victory 1');
    expect(markButtonText(say, 'int1')).toBe('Mark Howlrunner');
    expect(markButtonText(say, 'asteroid-a')).toBe('Mark asteroid-a');
    // a ship's mark by its corner: "Victory 2 front-right", never "Victory 2 1" (a number after a number)
    expect(markPointWords(say, 'p2-ship1', ['front-left', 'front-right'], 1)).toBe('Victory 2 front-right');
    expect(markPointWords(say, 'int1', 'rim', 2)).toBe('Howlrunner point 2');
    expect(markPointWords(say, 'asteroid-a', [[1, 2]], 0)).toBe('asteroid-a point 0');
    const corner = { px: [0, 0] as [number, number], piece: 'p1-ship4', point: 'rear-left' as const };
    expect(calibrationPointWords(say, corner)).toBe('Victory 1 rear-left');
    const framed = {
      px: [0, 0] as [number, number],
      piece: 'asteroid-a',
      point: [10, 4] as [number, number],
    };
    expect(calibrationPointWords(say, framed)).toBe('asteroid-a');
    expect(calibrationPointWords(say, framed, true)).toBe('asteroid-a [10,4]');
    const table = { px: [0, 0] as [number, number], mm: [550, 250] as [number, number] };
    expect(calibrationPointWords(say, table)).toBe('table point');
    expect(calibrationPointWords(say, table, true)).toBe('[550,250] mm');
    expect(markedWords(say, ['p2-ship1'])).toBe('Marked: Victory 2. ');
    expect(markedWords(say, [])).toBe('');
  });

  it('with nothing to mark it asks for a piece, or says a mark can be moved', () => {
    const idle: Mode = { kind: 'idle' };
    expect(promptText(idle, t, null, say)).toBe('Choose a piece to mark (its "Mark" button).');
    expect(promptText(idle, t, draft, say)).toMatch(/^Press a mark to move it/);
  });
});
