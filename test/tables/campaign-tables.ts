/**
 * The campaign table files in this folder, built by construction (exact contacts from the
 * outlines' extreme points; gaps from the catalog's band ends). test/rules/report/campaign-tables.test.ts
 * rebuilds them and checks the files match, so every expected answer there is known by how
 * the table was made. Regenerate: npx tsx test/tables/campaign-tables.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DISTANCE_BANDS } from '../support/shapes';
import { discRightOf, extreme, rightOf } from '../support/campaign';

const [d1, d2, d3] = DISTANCE_BANDS.map((b) => b.end);
const r = 17;
const base = (table: '3x6' | '3x3', ruleset: 'seed' | '1.6' = 'seed') => ({
  format: 'armada-table/1',
  table,
  ruleset,
  ships: [] as object[],
  squadrons: [] as object[],
  obstacles: [] as object[],
  tokens: [] as object[],
  proposals: [] as object[],
});

export function campaignTables(): Record<string, ReturnType<typeof base>> {
  const out: Record<string, ReturnType<typeof base>> = {};

  // exogorth placement, exogorth attacks, gravity rift
  {
    const t = base('3x6');
    const rock = { id: 'rock', type: 'asteroid-b', x: 700, y: 450, rotation: 20 };
    const exoA = { id: 'exoA', type: 'exogorth-1', x: 1200, y: 300, rotation: 0 };
    const rift = { id: 'rift', type: 'gravity-rift', x: 400, y: 600, rotation: 0 };
    const touch = { type: 'exogorth-2', rotation: 40, ...rightOf(rock, 'exogorth-2', 40, 0) };
    const gap = { type: 'exogorth-2', rotation: 40, ...rightOf(rock, 'exogorth-2', 40, 0.5) };
    const [rx, ry] = extreme('gravity-rift', 0, 'right');
    t.obstacles.push(rock, exoA, rift);
    t.ships.push(
      // base's left edge exactly at the distance-2 end from the rift's rightmost point, that point near the rear corner
      {
        id: 'vsd',
        size: 'medium',
        class: 'victory',
        player: 1,
        x: rift.x + rx + d2 + 31.5,
        y: rift.y + ry + 50,
        rotation: 0,
        speed: 2,
      },
      // far from everything, in the way of nothing
      { id: 'neb', size: 'small', class: 'nebulon-b', player: 2, x: 1600, y: 800, rotation: 180, speed: 3 },
    );
    t.squadrons.push(
      { id: 'tie1', player: 1, x: touch.x, y: touch.y },
      { id: 'tie2', player: 1, x: touch.x + 4, y: touch.y - 6 },
      { id: 'x1', player: 2, ...discRightOf(exoA, r, d1) },
      { id: 'x2', player: 2, ...discRightOf(exoA, r, d1 + 0.5) },
    );
    t.proposals.push(
      { id: 'exo-touch', kind: 'place-exogorth', placedBy: 2, obstacle: { id: 'exoB', ...touch } },
      { id: 'exo-gap', kind: 'place-exogorth', placedBy: 2, obstacle: { id: 'exoC', ...gap } },
    );
    out['campaign-exogorth.json'] = t;
  }
  // 1.6: touching only an exogorth is not enough
  {
    const t = base('3x6', '1.6');
    const exoA = { id: 'exoA', type: 'exogorth-1', x: 900, y: 450, rotation: 0 };
    t.obstacles.push(exoA);
    t.proposals.push({
      id: 'exo-on-exo',
      kind: 'place-exogorth',
      placedBy: 1,
      obstacle: { id: 'exoB', type: 'exogorth-2', rotation: 0, ...rightOf(exoA, 'exogorth-2', 0, 0) },
    });
    out['campaign-exogorth-16.json'] = t;
  }
  // purrgil moves
  {
    const t = base('3x3');
    const purr = { id: 'purr', type: 'purrgil-1', x: 450, y: 450, rotation: 30 };
    t.obstacles.push(purr);
    const to = { x: 450 + 60, y: 450 + 20, rotation: 75 };
    t.squadrons.push({ id: 'tie', player: 1, ...discRightOf({ type: purr.type, ...to }, r, 0) });
    t.proposals.push(
      {
        id: 'swim-edge',
        kind: 'move-obstacle',
        obstacle: 'purr',
        to: { x: 450 - d2, y: 450, rotation: 30 },
        maxDistance: 2,
      },
      {
        id: 'swim-far',
        kind: 'move-obstacle',
        obstacle: 'purr',
        to: { x: 450 - d2 - 0.5, y: 450, rotation: 30 },
        maxDistance: 2,
      },
      { id: 'swim-touch', kind: 'move-obstacle', obstacle: 'purr', to, maxDistance: 2 },
      {
        id: 'swim-short',
        kind: 'move-obstacle',
        obstacle: 'purr',
        to: { x: 450 + d1, y: 450, rotation: 30 },
        maxDistance: 2,
        minDistance: 2,
      },
    );
    out['campaign-move.json'] = t;
  }
  // setup: legal under the core rule, not under the erratum (one obstacle 50 mm inside the setup area's side edge)
  {
    const t = base('3x6');
    const L = extreme('asteroid-a', 0, 'left');
    t.obstacles.push(
      { id: 'a', type: 'asteroid-a', x: 304.8 + 50 - L[0], y: 450, rotation: 0 },
      { id: 'b', type: 'station', x: 800, y: 450, rotation: 0 },
      { id: 'c', type: 'debris-a', x: 1200, y: 400, rotation: 45 },
    );
    // spacing only (a free practice table); then the same three as a standard game: three of the six missing
    t.proposals.push(
      { id: 'setup-core', kind: 'setup', composition: 'free' },
      { id: 'setup-erratum', kind: 'setup', reading: 'erratum', composition: 'free' },
      { id: 'setup-set', kind: 'setup' },
    );
    out['campaign-setup.json'] = t;
  }
  // setup on 3x3: an obstacle 100 mm from the left edge (beyond distance 1, within distance 3)
  {
    const t = base('3x3');
    const L = extreme('asteroid-c', 0, 'left'),
      B = extreme('asteroid-c', 0, 'bottom');
    t.obstacles.push({ id: 'a', type: 'asteroid-c', x: 100 - L[0], y: d3 + 50 - B[1], rotation: 0 });
    t.proposals.push(
      { id: 'all-edges', kind: 'setup', composition: 'free' },
      { id: 'player-edges', kind: 'setup', edges: 'player', composition: 'free' },
    );
    out['campaign-setup-3x3.json'] = t;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  for (const [name, t] of Object.entries(campaignTables()))
    writeFileSync(dir + name, JSON.stringify(t, null, 2) + '\n');
}
