/** The dispute card's details (src/ui/dispute.ts detailsHtml): each block once. */
import { describe, expect, it } from 'vitest';
import { tournamentTable } from '../../scripts/bench/tables';
import { CATALOG } from '../../src/model/catalog';
import type { AttackReport } from '../../src/model/report';
import { disputeOf } from '../../src/rules/attacks/dispute';
import { analyzeWorld } from '../../src/rules/report/analyze';
import { World } from '../../src/rules/world';
import { detailsHtml } from '../../src/ui/dispute';

const count = (s: string, part: string) => s.split(part).length - 1;

describe('the dispute card details', () => {
  it('an attack resting on a reading says so once', () => {
    const world = new World(tournamentTable(1), CATALOG);
    const attack = analyzeWorld(world).attacks[0];
    const reading = {
      reading: 'dialLine',
      value: 'through-dial',
      otherwise: 'clear',
      says: 'the line passes the dial',
    };
    const a = { ...attack, why: attack.why, readings: [reading] } as AttackReport;
    const html = detailsHtml(disputeOf(world, a), a);
    expect(count(html, 'Depends on a reading')).toBe(1);
    expect(count(html, 'the line passes the dial')).toBe(1);
    expect(count(detailsHtml(disputeOf(world, attack), attack), 'Depends on a reading')).toBe(0);
  });
});
