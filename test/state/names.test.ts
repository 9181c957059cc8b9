/** Piece names in verdicts, and estimated targeting points said to be estimated. */
import { describe, expect, it } from 'vitest';
import { validateTable } from '../../src/model/table';
import { analyze } from '../../src/rules/report/analyze';
import { renamePiece } from '../../src/state/pieces';

const table = validateTable({
  format: 'armada-table/1',
  table: '3x6',
  ships: [
    { id: 'isd', class: 'imperial', name: 'Devastator', player: 1, x: 600, y: 300, rotation: 0 },
    { id: 'neb', class: 'nebulon-b', player: 2, x: 600, y: 500, rotation: 180 },
  ],
  squadrons: [{ id: 'tie1', name: 'Howlrunner', player: 1, x: 700, y: 380 }],
});

describe('names', () => {
  const r = analyze(table);
  const attack = (a: string, d: string) => r.attacks.find((x) => x.attacker === a && x.defender === d)!;
  it('a named ship is "Devastator (isd) front" in the verdicts; ids stay the keys', () => {
    const why = attack('isd.front', 'neb.rear').why;
    expect(why).toContain("neb.rear is inside Devastator (isd) front's firing arc");
    expect(attack('neb.rear', 'isd.front').why).toMatch(/^Devastator \(isd\) front /);
    expect(attack('tie1', 'neb.front').why).toContain('Howlrunner (tie1)');
  });
  it('a class whose targeting points were never measured says its point is estimated; a measured one does not', () => {
    const why = attack('isd.front', 'neb.rear').why;
    expect(why).toContain(
      "Devastator (isd)'s front targeting point (estimated: not measured for this class)",
    );
    expect(why).toMatch(/neb's rear targeting point(?! \(estimated)/);
  });
  it('renaming sets or clears a name', () => {
    const t = renamePiece(table, 'neb', '  Salvation ');
    expect(t.ships[1].name).toBe('Salvation');
    expect('name' in renamePiece(t, 'neb', ' ').ships[1]).toBe(false);
    expect(renamePiece(t, 'tie1', 'Mauler').squadrons[0].name).toBe('Mauler');
  });
});
