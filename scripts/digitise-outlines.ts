/**
 * Writes assets/obstacle-outlines.json: the project's own copy of the thirteen token outlines.
 *
 * Source: a reference outline file (default ../shared/reference/obstacle-outlines.json), itself
 * traced from a Tabletop Simulator mod's collider meshes. We re-trace it: Douglas-Peucker at
 * 0.1 mm, coordinates on a 0.05 mm grid, re-centred on the area centroid, counter-clockwise.
 * The test in test/catalog-outlines.test.ts holds the result against the reference (1 mm).
 *
 *   npx tsx scripts/digitise-outlines.ts [reference.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Polygon } from '../src/geometry/polygon';
import { pointSegmentDistSq } from '../src/geometry/segment';

type P = [number, number];

function simplify(points: P[], tol: number): P[] {
  const keep = new Array(points.length).fill(false);
  keep[0] = keep[points.length - 1] = true;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let far = -1,
      farD = tol * tol;
    for (let i = a + 1; i < b; i++) {
      const d = pointSegmentDistSq(
        points[i][0],
        points[i][1],
        points[a][0],
        points[a][1],
        points[b][0],
        points[b][1],
      );
      if (d > farD) {
        farD = d;
        far = i;
      }
    }
    if (far >= 0) {
      keep[far] = true;
      stack.push([a, far], [far, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const src = process.argv[2] ?? '../shared/reference/obstacle-outlines.json';
const ref = JSON.parse(readFileSync(src, 'utf8')) as {
  obstacles: Record<string, { outline: P[]; label: string }>;
};
const out: Record<string, { label: string; outline: P[] }> = {};
for (const [id, o] of Object.entries(ref.obstacles)) {
  // close the ring for simplification, then drop the repeated point
  const ring = [...o.outline, o.outline[0]];
  const simple = simplify(ring, 0.1).slice(0, -1);
  const snapped = simple.map(([x, y]) => [Math.round(x * 20) / 20, Math.round(y * 20) / 20] as P);
  const centred = Polygon.from(snapped).centred();
  out[id] = {
    label: o.label,
    outline: centred.pairs().map(([x, y]) => [Math.round(x * 100) / 100, Math.round(y * 100) / 100]),
  };
}
const doc = {
  about:
    'Obstacle token outlines in mm, counter-clockwise (y up), area centroid at the origin, long axis roughly along y. ' +
    'Re-traced by scripts/digitise-outlines.ts from outlines taken from a public Tabletop Simulator mod (accuracy about 1-2 mm against the physical tokens).',
  status: 'measured by the community; spread about 1-2 mm',
  obstacles: out,
};
writeFileSync('assets/obstacle-outlines.json', JSON.stringify(doc, null, 1) + '\n');
console.log(
  Object.entries(out)
    .map(([k, v]) => `${k}: ${v.outline.length} points`)
    .join('\n'),
);
