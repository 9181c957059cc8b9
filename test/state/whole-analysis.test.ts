import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTableText, type Table } from '../../src/model/table';
import { analyze } from '../../src/rules/report/analyze';
import { patchPiece } from '../../src/state/pieces';
import { judgeWhole } from '../../src/state/whole-analysis';

const load = (f: string): Table => parseTableText(readFileSync(`test/tables/${f}`, 'utf8'));
const json = (x: unknown) => JSON.stringify(x);

describe("the worker's whole analysis", () => {
  it('judges a move from its previous analysis, equal to judging the table afresh', () => {
    let t = load('attacks-fleet.json');
    let prev = judgeWhole(null, t, 10_000);
    expect(prev.incremental).toBe(false);
    const ship = t.ships[3];
    for (let k = 1; k <= 6; k++) {
      t = patchPiece(t, ship.id, { x: ship.x + 25 * k, y: ship.y - 9 * k, rotation: ship.rotation + 7 * k });
      const next = judgeWhole(prev.analysis, t, 10_000);
      expect(next.incremental).toBe(true);
      expect(json(next.analysis.report)).toBe(json(analyze(t)));
      prev = next;
    }
  });

  it('judges afresh when a moved obstacle leaves proposals to judge again, or the pieces changed', () => {
    const t = load('campaign-exogorth.json');
    const prev = judgeWhole(null, t, 10_000);
    const rock = t.obstacles.find((o) => !o.type.startsWith('exogorth')) ?? t.obstacles[0];
    const moved = patchPiece(t, rock.id, { x: rock.x + 30 });
    const next = judgeWhole(prev.analysis, moved, 10_000);
    expect(next.incremental).toBe(false);
    expect(json(next.analysis.report)).toBe(json(analyze(moved)));
    const fewer = { ...t, squadrons: t.squadrons.slice(1) };
    const other = judgeWhole(prev.analysis, fewer, 10_000);
    expect(other.incremental).toBe(false);
    expect(json(other.analysis.report)).toBe(json(analyze(fewer)));
  });

  it('keeps setup verdicts while ships move, judged from the previous analysis', () => {
    const base = load('campaign-setup.json');
    const t: Table = {
      ...base,
      ships: load('attacks-fleet.json').ships.slice(0, 2),
    };
    const prev = judgeWhole(null, t, 10_000);
    const s = t.ships[0];
    const moved = patchPiece(t, s.id, { x: s.x + 40 });
    const next = judgeWhole(prev.analysis, moved, 10_000);
    expect(next.incremental).toBe(true);
    expect(json(next.analysis.report)).toBe(json(analyze(moved)));
  });
});
