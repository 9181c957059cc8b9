import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { campaignTables } from '../../tables/campaign-tables';
import { roundNumbers } from '../../../src/model/report';
import { parseTableText } from '../../../src/model/table';
import { analyze } from '../../../src/rules/report/analyze';
import { expectedRelation } from '../../support/oracle';
import { DISTANCE_BANDS, obstacleRing, SQUADRON_DIAMETER } from '../../support/shapes';
import { cliArgs } from '../../cli-bundle';

const [d1, d2] = DISTANCE_BANDS.map((b) => b.end);
const dir = new URL('../../tables/', import.meta.url);
const tables = campaignTables();

/** Run the command line on a table file, as a user would (a few seconds each: used once). */
function analyzeFileCli(name: string) {
  const res = spawnSync(process.execPath, [...cliArgs('analyze'), new URL(name, dir).pathname], {
    encoding: 'utf8',
  });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
  return JSON.parse(res.stdout);
}
/** The same path in process: parse the file's text, analyze, round as printed. */
function analyzeFile(name: string) {
  return JSON.parse(
    JSON.stringify(roundNumbers(analyze(parseTableText(readFileSync(new URL(name, dir), 'utf8'))))),
  );
}
const byId = (rep: { proposals: { id: string }[] }, id: string) =>
  rep.proposals.find((p) => p.id === id) as Record<string, any>;

describe('campaign table files', () => {
  it('are what their construction says (test/tables/campaign-tables.ts)', () => {
    for (const [name, t] of Object.entries(tables))
      expect(JSON.parse(readFileSync(new URL(name, dir), 'utf8')), name).toEqual(t);
  });

  it('campaign-exogorth.json: placement touching is legal with placements; 0.5 mm off is not; exogorth attacks; rift', () => {
    const rep = analyzeFileCli('campaign-exogorth.json');
    const touch = byId(rep, 'exo-touch');
    expect(touch).toMatchObject({ legal: true, violations: [], displaced: ['tie1', 'tie2'] });
    // the printed placements, checked against the exogorth as printed in the table
    const ob = (
      tables['campaign-exogorth.json'].proposals[0] as {
        obstacle: { type: string; x: number; y: number; rotation: number };
      }
    ).obstacle;
    const ring = obstacleRing(ob.type, ob.x, ob.y, ob.rotation);
    const placed = Object.values(touch.placements as Record<string, { x: number; y: number }>);
    expect(placed).toHaveLength(2);
    for (const p of placed)
      expect(expectedRelation({ circle: [p.x, p.y, SQUADRON_DIAMETER / 2] }, { ring }, 0.005).verdict).toBe(
        'touch',
      );
    expect(
      expectedRelation(
        { circle: [placed[0].x, placed[0].y, 17] },
        { circle: [placed[1].x, placed[1].y, 17] },
        0.005,
      ).verdict,
    ).not.toBe('overlap');
    expect(byId(rep, 'exo-gap')).toMatchObject({
      legal: false,
      violations: [{ rule: 'must touch another obstacle', with: 'rock', gapMm: 0.5 }],
    });
    expect(rep.exogorths).toEqual([
      expect.objectContaining({ exogorth: 'exoA', squadron: 'x1', mm: d1, attacks: true, los: 'clear' }),
    ]);
    expect(rep.rift).toEqual([
      expect.objectContaining({
        ship: 'vsd',
        band: 2,
        mm: d2,
        effects: ['speed dial set to 0 if deployed here', 'speed -1 when determining course'],
      }),
    ]);
  });

  it('campaign-exogorth-16.json: touching only another exogorth is illegal under 1.6', () => {
    const rep = analyzeFile('campaign-exogorth-16.json');
    expect(rep.ruleset).toBe('1.6');
    expect(byId(rep, 'exo-on-exo')).toMatchObject({ legal: false });
  });

  it('campaign-move.json: to the distance-2 end line legal, 0.5 mm past not, touching a squadron legal, a minimum not reached', () => {
    const rep = analyzeFile('campaign-move.json');
    expect(byId(rep, 'swim-edge')).toMatchObject({ legal: true, farthestMm: d2 });
    expect(byId(rep, 'swim-far')).toMatchObject({
      legal: false,
      violations: [{ rule: 'no part may end beyond distance 2 of its original position', gapMm: 0.5 }],
    });
    expect(byId(rep, 'swim-touch')).toMatchObject({ legal: true, violations: [] });
    expect(byId(rep, 'swim-short')).toMatchObject({
      legal: false,
      violations: [{ rule: 'must move to distance 2 of its original position' }],
    });
  });

  it('campaign-setup.json: legal under the core rule, not under the erratum', () => {
    const rep = analyzeFile('campaign-setup.json');
    expect(byId(rep, 'setup-core')).toMatchObject({ legal: true, reading: 'core' });
    expect(byId(rep, 'setup-erratum')).toMatchObject({
      legal: false,
      reading: 'erratum',
      violations: [{ piece: 'a', gapMm: 50 }],
    });
    // as a standard game: placed legally, but three of the six obstacles of a set are missing
    expect(byId(rep, 'setup-set')).toMatchObject({
      legal: false,
      composition: 'standard',
      violations: [{ measure: 'composition', missing: ['asteroid-b', 'asteroid-c', 'debris-b'] }],
    });
  });

  it('campaign-setup-3x3.json: the side edges decide it', () => {
    const rep = analyzeFile('campaign-setup-3x3.json');
    expect(byId(rep, 'all-edges')).toMatchObject({
      legal: false,
      edges: 'all',
      violations: [{ piece: 'a', gapMm: 100 }],
    });
    expect(byId(rep, 'player-edges')).toMatchObject({ legal: true, edges: 'player' });
  });

  it('a bad edges setting is refused, naming the field', () => {
    const t = {
      ...tables['campaign-setup-3x3.json'],
      proposals: [{ id: 's', kind: 'setup', edges: 'sides' }],
    };
    const res = spawnSync(process.execPath, [...cliArgs('analyze'), '-'], {
      input: JSON.stringify(t),
      encoding: 'utf8',
    });
    expect(res.status).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^proposals\[0\]\.edges: /);
  });
});
