/**
 * The three heavy tables the load probes use, built the same way for the CLI, the fuzz and
 * load tests and the browser: 200 large ships; 200 pieces on one spot; 2,000 proposals.
 */
type Json = Record<string, unknown>;

export const base = (): Json => ({
  format: 'armada-table/1',
  table: '3x6',
  ruleset: 'seed',
  ships: [],
  squadrons: [],
  obstacles: [],
  tokens: [],
  proposals: [],
});

/** 200 large ships in a grid over the whole table, both players: 320,000 attacks asked. */
export function manyLargeShips(n = 200): Json {
  const t = base();
  t.ships = Array.from({ length: n }, (_, i) => ({
    id: `s${i}`,
    size: 'large',
    player: (i % 2) + 1,
    x: 60 + (i % 20) * 85,
    y: 60 + Math.floor(i / 20) * 85,
    rotation: (i * 37) % 360,
    speed: 1,
  }));
  return t;
}

/** 200 pieces all on one spot: 50 ships, 100 squadrons, 40 obstacles and 10 tokens at the table's centre. */
export function pilesOnOneSpot(): Json {
  const t = base();
  const at = { x: 914.4, y: 457.2 };
  const obstacleTypes = ['asteroid-a', 'asteroid-b', 'asteroid-c', 'debris-a', 'debris-b', 'station'];
  t.ships = Array.from({ length: 50 }, (_, i) => ({
    id: `s${i}`,
    size: ['small', 'medium', 'large'][i % 3],
    player: (i % 2) + 1,
    ...at,
    rotation: i * 7,
    speed: 1,
  }));
  t.squadrons = Array.from({ length: 100 }, (_, i) => ({ id: `q${i}`, player: (i % 2) + 1, ...at }));
  t.obstacles = Array.from({ length: 40 }, (_, i) => ({
    id: `o${i}`,
    type: obstacleTypes[i % obstacleTypes.length],
    ...at,
    rotation: i * 9,
  }));
  t.tokens = Array.from({ length: 10 }, (_, i) => ({ id: `t${i}`, ...at, radius: 12.5 }));
  return t;
}

/** A small table with `n` exogorth placements, each displacing squadrons (the slowest kind to judge). */
export function manyProposals(n = 2000): Json {
  const t = base();
  t.ships = [{ id: 'isd', size: 'large', player: 1, x: 600, y: 150, rotation: 0, speed: 2 }];
  t.squadrons = Array.from({ length: 6 }, (_, i) => ({
    id: `q${i}`,
    player: (i % 2) + 1,
    x: 880 + (i % 3) * 30,
    y: 430 + Math.floor(i / 3) * 30,
  }));
  t.proposals = Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    kind: 'place-exogorth',
    placedBy: (i % 2) + 1,
    obstacle: { id: `e${i}`, type: 'exogorth-1', x: 900, y: 450, rotation: i % 360 },
  }));
  return t;
}
