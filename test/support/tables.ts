/** fast-check generators of small, crowded tables: pieces close enough that many pairs touch or overlap. */
import fc from 'fast-check';
import catalogJson from '../../assets/catalog.json';
import classesJson from '../../assets/ship-classes.json';
import { obstacleRing, shipBase, SQUADRON_DIAMETER } from './shapes';

const CLASSES = Object.entries(
  (classesJson as unknown as { classes: Record<string, { size: string }> }).classes,
).filter(([, c]) => c.size !== 'huge');
export const OBSTACLE_TYPES = Object.keys(
  (catalogJson as unknown as { obstacles: Record<string, unknown> }).obstacles,
);

const rotation = fc.oneof(
  fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }),
  fc.constantFrom(0, 90, 180, 270),
);

/** A crowded patch: 240 mm square, either mid-table or in the far corner of a 3'x6' table. */
const region = fc.constantFrom([300, 300], [1560, 650]);

export interface GenTable {
  format: 'armada-table/1';
  table: '3x6';
  ships: {
    id: string;
    size: 'small' | 'medium' | 'large';
    class?: string;
    player: 1 | 2;
    x: number;
    y: number;
    rotation: number;
  }[];
  squadrons: { id: string; player: 1 | 2; x: number; y: number }[];
  obstacles: { id: string; type: string; x: number; y: number; rotation: number }[];
  tokens: { id: string; x: number; y: number; radius: number }[];
}

export const tableArb: fc.Arbitrary<GenTable> = region.chain(([ox, oy]) => {
  const coord = (o: number) => fc.double({ min: o, max: o + 240, noNaN: true });
  const ship = fc.record({
    cls: fc.oneof(fc.constant(undefined), fc.constantFrom(...CLASSES.map(([id]) => id))),
    size: fc.constantFrom('small' as const, 'medium' as const, 'large' as const),
    player: fc.constantFrom(1 as const, 2 as const),
    x: coord(ox),
    y: coord(oy),
    rotation,
  });
  return fc
    .record({
      ships: fc.array(ship, { maxLength: 2 }),
      squadrons: fc.array(
        fc.record({ player: fc.constantFrom(1 as const, 2 as const), x: coord(ox), y: coord(oy) }),
        { maxLength: 2 },
      ),
      obstacles: fc.array(
        fc.record({ type: fc.constantFrom(...OBSTACLE_TYPES), x: coord(ox), y: coord(oy), rotation }),
        { minLength: 1, maxLength: 3 },
      ),
      tokens: fc.array(
        fc.record({ x: coord(ox), y: coord(oy), radius: fc.double({ min: 5, max: 20, noNaN: true }) }),
        { maxLength: 1 },
      ),
    })
    .map(
      (r): GenTable => ({
        format: 'armada-table/1',
        table: '3x6',
        ships: r.ships.map((s, i) => {
          const cls = s.cls ? CLASSES.find(([id]) => id === s.cls) : undefined;
          const size = (cls ? cls[1].size : s.size) as 'small' | 'medium' | 'large';
          return {
            id: `ship${i}`,
            size,
            ...(cls ? { class: cls[0] } : {}),
            player: s.player,
            x: s.x,
            y: s.y,
            rotation: s.rotation,
          };
        }),
        squadrons: r.squadrons.map((q, i) => ({ id: `sq${i}`, ...q })),
        obstacles: r.obstacles.map((o, i) => ({ id: `ob${i}`, ...o })),
        tokens: r.tokens.map((k, i) => ({ id: `tok${i}`, ...k })),
      }),
    );
});

/**
 * Tables where a ship or squadron is put against an obstacle at a gap g along a direction u:
 * the obstacle's farthest vertex along u and the piece's farthest point along -u set g apart, so
 * the two are exactly g apart (touching when g = 0). The shapes come from test/support/shapes.
 */
export const touchingTableArb: fc.Arbitrary<GenTable> = fc
  .record({
    type: fc.constantFrom(...OBSTACLE_TYPES),
    orot: rotation,
    dir: fc.oneof(fc.constantFrom(0, 90, 180, 270, 45), fc.double({ min: 0, max: 360, noNaN: true })),
    gap: fc.constantFrom(0, 0, 0.003, -0.003, 0.006, -0.006, 0.01, -0.01, 0.5),
    piece: fc.constantFrom('squadron', 'small', 'medium', 'large'),
    srot: rotation,
    far: fc.boolean(),
  })
  .map(({ type, orot, dir, gap, piece, srot, far }): GenTable => {
    const [ox, oy] = far ? [1650, 750] : [300, 300];
    const ring = obstacleRing(type, ox, oy, orot);
    const ux = Math.cos((dir * Math.PI) / 180),
      uy = Math.sin((dir * Math.PI) / 180);
    let v = ring[0];
    for (const p of ring) if (p[0] * ux + p[1] * uy > v[0] * ux + v[1] * uy) v = p;
    const t: GenTable = {
      format: 'armada-table/1',
      table: '3x6',
      ships: [],
      squadrons: [],
      obstacles: [{ id: 'ob0', type, x: ox, y: oy, rotation: orot }],
      tokens: [],
    };
    if (piece === 'squadron') {
      const r = SQUADRON_DIAMETER / 2;
      t.squadrons.push({ id: 'sq0', player: 1, x: v[0] + ux * (r + gap), y: v[1] + uy * (r + gap) });
    } else {
      const size = piece as 'small' | 'medium' | 'large';
      const base = shipBase(size, 0, 0, srot);
      let w = base[0];
      for (const p of base) if (p[0] * -ux + p[1] * -uy > w[0] * -ux + w[1] * -uy) w = p;
      t.ships.push({
        id: 'ship0',
        size,
        player: 1,
        x: v[0] + ux * gap - w[0],
        y: v[1] + uy * gap - w[1],
        rotation: srot,
      });
    }
    return t;
  });
