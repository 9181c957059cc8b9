/** fast-check generators of small, crowded tables: pieces close enough that many pairs touch or overlap. */
import fc from 'fast-check';
import catalogJson from '../../assets/catalog.json';

const CLASSES = Object.entries((catalogJson as unknown as { shipClasses: Record<string, { size: string }> }).shipClasses);
export const OBSTACLE_TYPES = Object.keys((catalogJson as unknown as { obstacles: Record<string, unknown> }).obstacles);

const rotation = fc.oneof(
  fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }),
  fc.constantFrom(0, 90, 180, 270),
);

/** A crowded patch: 240 mm square, either mid-table or in the far corner of a 3'x6' table. */
const region = fc.constantFrom([300, 300], [1560, 650]);

export interface GenTable {
  format: 'armada-table/1';
  table: '3x6';
  ships: { id: string; size: 'small' | 'medium' | 'large'; class?: string; player: 1 | 2; x: number; y: number; rotation: number }[];
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
    x: coord(ox), y: coord(oy), rotation,
  });
  return fc.record({
    ships: fc.array(ship, { maxLength: 2 }),
    squadrons: fc.array(fc.record({ player: fc.constantFrom(1 as const, 2 as const), x: coord(ox), y: coord(oy) }), { maxLength: 2 }),
    obstacles: fc.array(fc.record({ type: fc.constantFrom(...OBSTACLE_TYPES), x: coord(ox), y: coord(oy), rotation }), { minLength: 1, maxLength: 3 }),
    tokens: fc.array(fc.record({ x: coord(ox), y: coord(oy), radius: fc.double({ min: 5, max: 20, noNaN: true }) }), { maxLength: 1 }),
  }).map((r): GenTable => ({
    format: 'armada-table/1',
    table: '3x6',
    ships: r.ships.map((s, i) => {
      const cls = s.cls ? CLASSES.find(([id]) => id === s.cls) : undefined;
      const size = (cls ? cls[1].size : s.size) as 'small' | 'medium' | 'large';
      return { id: `ship${i}`, size, ...(cls ? { class: cls[0] } : {}), player: s.player, x: s.x, y: s.y, rotation: s.rotation };
    }),
    squadrons: r.squadrons.map((q, i) => ({ id: `sq${i}`, ...q })),
    obstacles: r.obstacles.map((o, i) => ({ id: `ob${i}`, ...o })),
    tokens: r.tokens.map((k, i) => ({ id: `tok${i}`, ...k })),
  }));
});
