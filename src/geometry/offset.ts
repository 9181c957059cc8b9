/**
 * Regions for drawing: outlines grown by a distance, Minkowski sums, rectangles less holes.
 * Built on clipper-lib (integer coordinates: millimetres scaled by SCALE). These shapes are for
 * the eye; every verdict is decided by the exact predicates in relate.ts, never by these.
 *
 * A grown outline's arcs are drawn as chords whose vertices lie on the true arc, each chord within
 * ARC_TOLERANCE_MM of its arc; where two arcs' chords meet in a notch the corner may fall up to
 * twice that inside. So the drawn outline lies between (d - 2 ARC_TOLERANCE_MM) and d from the
 * original, plus 1/SCALE rounding (measured in test/geometry/offset-reach.test.ts).
 */
import ClipperLib from 'clipper-lib';
import { Polygon } from './polygon';
import { orient } from './predicates';

/** Clipper works in integers: 1 unit = 1/SCALE mm (0.1 micrometre). */
export const SCALE = 10_000;
/** How far a drawn arc's chords may fall inside the true arc, in mm. */
export const ARC_TOLERANCE_MM = 0.01;

type Path = ClipperLib.Path;
type Paths = ClipperLib.Paths;

export function toPath(P: Polygon): Path {
  const out: Path = [];
  for (let i = 0; i < P.n; i++) out.push({ X: Math.round(P.x(i) * SCALE), Y: Math.round(P.y(i) * SCALE) });
  return out;
}

function pathArea(p: Path): number {
  let a2 = 0;
  for (let i = 0; i < p.length; i++) {
    const j = (i + 1) % p.length;
    a2 += p[i].X * p[j].Y - p[j].X * p[i].Y;
  }
  return a2 / 2 / (SCALE * SCALE);
}

function fromPath(p: Path): Polygon {
  return Polygon.from(p.map((q) => [q.X / SCALE, q.Y / SCALE] as [number, number]));
}

function clip(type: ClipperLib.ClipType, subject: Paths, clipPaths: Paths): Paths {
  const c = new ClipperLib.Clipper();
  c.AddPaths(subject, ClipperLib.PolyType.ptSubject, true);
  if (clipPaths.length) c.AddPaths(clipPaths, ClipperLib.PolyType.ptClip, true);
  const out: Paths = [];
  c.Execute(type, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  return out;
}

export const union = (a: Paths, b: Paths = []): Paths => clip(ClipperLib.ClipType.ctUnion, a, b);
export const difference = (a: Paths, b: Paths): Paths => clip(ClipperLib.ClipType.ctDifference, a, b);
export const intersection = (a: Paths, b: Paths): Paths => clip(ClipperLib.ClipType.ctIntersection, a, b);

/** Paths grown outward by d mm (round corners), as integer paths. */
export function offsetPaths(paths: Paths, d: number): Paths {
  const co = new ClipperLib.ClipperOffset(2, ARC_TOLERANCE_MM * SCALE);
  co.AddPaths(paths, ClipperLib.JoinType.jtRound, ClipperLib.EndType.etClosedPolygon);
  const out: Paths = [];
  co.Execute(out, d * SCALE);
  return out;
}

/**
 * The Minkowski sum A + B, for two simple polygons whose sum has no hole (true of any two
 * obstacle tokens: a hole would need one token to wrap around a space larger than the other).
 *
 * Built from the reduced convolution rather than whole copies (minkowskiPathsPlain, which
 * test/geometry/offset-reach.test.ts holds this to): every stretch of the sum's outline lies on an
 * edge e of A moved by a strictly convex corner v of B whose outward normals' range holds e's
 * normal, or the same with A and B swapped. For each such pair the parallelograms e + f with
 * the two edges f at v lie in the sum (e in A, f in B) and have e + v as a side; those of a run
 * of consecutive edges at one corner are taken as one sweep (convolutionPieces). Where the
 * outline passes from e + v to an edge f of B moved by e's end, both pieces hold e + f, so the
 * pieces overlap along the whole outline, and the outline of what they enclose is the sum's
 * (enclosedOutlines). Two obstacles make a few dozen sweeps of a few edges each, where the
 * copies were 60 whole outlines crossing each other everywhere: 2-3 times cheaper to merge.
 * Where an edge of one is parallel to an edge at a corner of the other, a piece is flat and the
 * overlap not sure, and where the result is not one outline, the plain sum is taken instead.
 */
export function minkowskiPaths(A: Polygon, B: Polygon): Paths {
  return minkowskiByConvolution(A, B) ?? minkowskiPathsPlain(A, B);
}

/** The sum from the reduced convolution (see minkowskiPaths), or null where that is not sure. */
export function minkowskiByConvolution(A: Polygon, B: Polygon): Paths | null {
  const a = integerRing(A),
    b = integerRing(B);
  const pieces: Paths = [];
  if (a.length < 3 || b.length < 3 || !convolutionPieces(a, b, pieces) || !convolutionPieces(b, a, pieces))
    return null;
  const sum = enclosedOutlines(pieces);
  return sum.length === 1 ? sum : null;
}

/** P's vertices in clipper's integers, counter-clockwise, with repeats that rounding made dropped. */
function integerRing(P: Polygon): Path {
  const out: Path = [];
  for (const q of toPath(P)) {
    const l = out[out.length - 1];
    if (!l || l.X !== q.X || l.Y !== q.Y) out.push(q);
  }
  while (out.length > 1 && out[0].X === out[out.length - 1].X && out[0].Y === out[out.length - 1].Y)
    out.pop();
  return out;
}

/**
 * Onto out: for each strictly convex corner v of q and each run of consecutive edges C of p whose
 * directions lie between v's incoming and outgoing edge directions (the outward normals' range, as
 * both rings run counter-clockwise), the run swept along each of the two edges f at v: C + f, the
 * union of the parallelograms e + f of its edges. Every edge of the run turns left of the incoming
 * edge and right of the outgoing one, so the run is monotone across either, and the sweep is the
 * simple polygon C + f0 then C + f1 backwards; it has C + v as a side. False, and out unfinished,
 * when an edge of a run is parallel to an edge at its corner. Integer coordinates below 2^26:
 * every cross product is exact in doubles.
 */
function convolutionPieces(p: Path, q: Path, out: Paths): boolean {
  const n = p.length,
    m = q.length;
  const inCone = new Uint8Array(n);
  for (let j = 0; j < m; j++) {
    const u = q[(j + m - 1) % m],
      v = q[j],
      w = q[(j + 1) % m];
    const d1x = v.X - u.X,
      d1y = v.Y - u.Y,
      d2x = w.X - v.X,
      d2y = w.Y - v.Y;
    if (d1x * d2y - d1y * d2x <= 0) continue; // reflex or flat: never the outline's (see minkowskiPaths)
    let first = -1;
    for (let i = 0; i < n; i++) {
      const s = p[i],
        t = p[(i + 1) % n];
      const ex = t.X - s.X,
        ey = t.Y - s.Y;
      inCone[i] = d1x * ey - d1y * ex >= 0 && ex * d2y - ey * d2x >= 0 ? 1 : 0;
      if (!inCone[i] && first < 0) first = i;
    }
    // a closed ring turns a full circle
    if (first < 0) throw new Error("minkowskiPaths: every edge within one corner's range");
    // runs, starting after an edge outside the range so that none wraps past the start
    for (let k = 1; k <= n; k++) {
      const i = (first + k) % n;
      if (!inCone[i] || inCone[(i + n - 1) % n]) continue;
      let end = i;
      while (inCone[(end + 1) % n]) end = (end + 1) % n;
      const run: Path = [];
      for (let r = i; ; r = (r + 1) % n) {
        const s = p[r];
        run.push(s);
        if (r === (end + 1) % n) break;
        const t = p[(r + 1) % n],
          ex = t.X - s.X,
          ey = t.Y - s.Y;
        if (d1x * ey - d1y * ex === 0 || ex * d2y - ey * d2x === 0) return false;
      }
      sweep(run, u, v, out);
      sweep(run, v, w, out);
    }
  }
  return true;
}

/**
 * The chain run swept along [f0, f1] (run + f0, then run + f1 backwards) onto out, counter-clockwise; nothing
 * when flat.
 */
function sweep(run: Path, f0: ClipperLib.IntPoint, f1: ClipperLib.IntPoint, out: Paths): void {
  const k = run.length,
    poly: Path = new Array(2 * k);
  for (let r = 0; r < k; r++) {
    poly[r] = { X: run[r].X + f0.X, Y: run[r].Y + f0.Y };
    poly[2 * k - 1 - r] = { X: run[r].X + f1.X, Y: run[r].Y + f1.Y };
  }
  const a = pathArea(poly);
  if (a > 0) out.push(poly);
  else if (a < 0) out.push(poly.reverse());
}

/**
 * The outline of the region the union of paths encloses: the boundary of the outside of the
 * union (a box around it less the paths), whose holes in clipper's tree are that outline, turned
 * counter-clockwise. What the union leaves open inside (the pieces lie along the outline) is
 * filled, as the sum has no hole.
 */
function enclosedOutlines(paths: Paths): Paths {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const p of paths)
    for (const q of p) {
      if (q.X < x0) x0 = q.X;
      if (q.X > x1) x1 = q.X;
      if (q.Y < y0) y0 = q.Y;
      if (q.Y > y1) y1 = q.Y;
    }
  if (x0 > x1) return [];
  const box: Path = [
    { X: x0 - 10, Y: y0 - 10 },
    { X: x1 + 10, Y: y0 - 10 },
    { X: x1 + 10, Y: y1 + 10 },
    { X: x0 - 10, Y: y1 + 10 },
  ];
  const c = new ClipperLib.Clipper();
  c.AddPath(box, ClipperLib.PolyType.ptSubject, true);
  c.AddPaths(paths, ClipperLib.PolyType.ptClip, true);
  const tree = new ClipperLib.PolyTree();
  c.Execute(
    ClipperLib.ClipType.ctDifference,
    tree,
    ClipperLib.PolyFillType.pftNonZero,
    ClipperLib.PolyFillType.pftNonZero,
  );
  const out: Paths = [];
  for (const outside of tree.Childs())
    for (const hole of outside.Childs()) out.push(hole.Contour().reverse());
  return out;
}

/**
 * The sum from whole copies: A moved to each convex corner of B and B to each convex corner of
 * A, all inside the sum and covering its outline, merged; any gap left inside the union is
 * filled by keeping only its outer outlines. The plain form minkowskiPaths is tested against.
 */
export function minkowskiPathsPlain(A: Polygon, B: Polygon): Paths {
  const a = toPath(A),
    b = toPath(B);
  const copies: Paths = [];
  // only convex corners: a reflex corner is never the farthest point in any direction nearby
  for (const v of convexCorners(B)) copies.push(a.map((q) => ({ X: q.X + v.X, Y: q.Y + v.Y })));
  for (const v of convexCorners(A)) copies.push(b.map((q) => ({ X: q.X + v.X, Y: q.Y + v.Y })));
  return unionBalanced(copies).filter((p) => pathArea(p) > 0);
}

/**
 * The union of many heavily overlapping paths, merged in halves: all at once, every copy's edges
 * cross every other's (some 2.5 times slower for two obstacle outlines). Each merge rounds its new
 * crossings to clipper's integers, so the outline may differ from a single union's by a unit.
 */
function unionBalanced(paths: Paths): Paths {
  if (paths.length <= 2) return union(paths);
  const m = paths.length >> 1;
  return union([...unionBalanced(paths.slice(0, m)), ...unionBalanced(paths.slice(m))]);
}

export function convexCorners(P: Polygon): (ClipperLib.IntPoint & { i: number })[] {
  const out: (ClipperLib.IntPoint & { i: number })[] = [];
  for (let i = 0; i < P.n; i++) {
    const h = (i + P.n - 1) % P.n,
      j = (i + 1) % P.n;
    if (orient(P.x(h), P.y(h), P.x(i), P.y(i), P.x(j), P.y(j)) >= 0)
      out.push({ X: Math.round(P.x(i) * SCALE), Y: Math.round(P.y(i) * SCALE), i });
  }
  return out;
}

/** Indices of P's vertices on its convex hull (monotone chain). */
function convexHullIndices(P: Polygon): number[] {
  const idx = [...Array(P.n).keys()].sort((a, b) => P.x(a) - P.x(b) || P.y(a) - P.y(b));
  const half = (order: number[]) => {
    const h: number[] = [];
    for (const i of order) {
      while (
        h.length >= 2 &&
        orient(
          P.x(h[h.length - 2]),
          P.y(h[h.length - 2]),
          P.x(h[h.length - 1]),
          P.y(h[h.length - 1]),
          P.x(i),
          P.y(i),
        ) <= 0
      )
        h.pop();
      h.push(i);
    }
    return h;
  };
  return [...half(idx), ...half([...idx].reverse())];
}

/**
 * Where a shape may sit inside a region: for a region G (outer rings, no holes) and an outline T
 * placed at the origin, paths whose every connected piece lies wholly inside or wholly outside the
 * erosion {c : T + c inside G}, and whose pieces cover that erosion. (The caller tells the two
 * kinds apart by testing one point of each piece.)
 *
 * Why: T + c leaves G where it meets G's complement F, so the bad c form the Minkowski sum F + (-T),
 * whose outline is made of F's edges moved by convex corners v of -T and of -T's edges moved by
 * convex corners of F, i.e. reflex corners w of G. The copies F + v and -T + w all lie in that sum
 * and cover its outline, so what they leave uncovered, (the intersection of G + v) less (the union
 * of -T + w), is the erosion plus, possibly, pieces of the sum's inside that no copy reaches.
 */
export function erosionPieces(G: Paths, T: Polygon): Paths {
  const minusT = reflected(T);
  let acc: Paths = G;
  // corners on T's hull first: they cut the most, so the region shrinks early and the later cuts are
  // cheap (some three times faster than in outline order for a purrgil)
  const hull = new Set(convexHullIndices(minusT));
  const corners = convexCorners(minusT).sort((a, b) => Number(hull.has(b.i)) - Number(hull.has(a.i)));
  for (const v of corners) {
    acc = intersection(
      acc,
      G.map((p) => p.map((q) => ({ X: q.X + v.X, Y: q.Y + v.Y }))),
    );
  }
  const t = toPath(minusT),
    copies: Paths = [];
  for (const g of G) {
    const n = g.length;
    for (let i = 0; i < n; i++) {
      const a = g[(i + n - 1) % n],
        b = g[i],
        c = g[(i + 1) % n];
      // integer coordinates below 2^26: the cross product is exact in doubles
      const cross = (b.X - a.X) * (c.Y - b.Y) - (b.Y - a.Y) * (c.X - b.X);
      if (cross * pathArea(g) < 0) copies.push(t.map((q) => ({ X: q.X + b.X, Y: q.Y + b.Y })));
    }
  }
  return copies.length ? difference(acc, union(copies)) : acc;
}

/** Outline reflected through the origin (-P). */
export function reflected(P: Polygon): Polygon {
  return P.placed(0, 0, 180);
}

export function rectPath(x0: number, y0: number, x1: number, y1: number): Path {
  return [
    { X: Math.round(x0 * SCALE), Y: Math.round(y0 * SCALE) },
    { X: Math.round(x1 * SCALE), Y: Math.round(y0 * SCALE) },
    { X: Math.round(x1 * SCALE), Y: Math.round(y1 * SCALE) },
    { X: Math.round(x0 * SCALE), Y: Math.round(y1 * SCALE) },
  ];
}

/**
 * A region (paths under the non-zero rule, holes wound clockwise) as simple polygons without
 * holes, for a Polygon[] drawing interface. Where the region has holes it is cut into vertical
 * strips at each hole's centre line: a connected hole meets the line through its own centroid's
 * x, so within each strip every piece of it reaches the strip's side and is no longer a hole.
 * (Should rounding leave a hole after four rounds of cutting, it is dropped from the drawing.)
 */
export function regionPolygons(paths: Paths, depth = 0): Polygon[] {
  const clean = union(paths).filter((p) => p.length >= 3 && Math.abs(pathArea(p)) > 1e-9);
  const holes = clean.filter((p) => pathArea(p) < 0);
  if (holes.length === 0 || depth > 3) return clean.filter((p) => pathArea(p) > 0).map(fromPath);
  const cuts = [...new Set(holes.map((h) => Math.round(fromPath(h).centroid().x * SCALE)))].sort(
    (a, b) => a - b,
  );
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const p of clean)
    for (const q of p) {
      minX = Math.min(minX, q.X);
      maxX = Math.max(maxX, q.X);
      minY = Math.min(minY, q.Y);
      maxY = Math.max(maxY, q.Y);
    }
  const xs = [minX - 1, ...cuts, maxX + 1];
  const out: Polygon[] = [];
  for (let i = 0; i + 1 < xs.length; i++) {
    const strip: Path = [
      { X: xs[i], Y: minY - 1 },
      { X: xs[i + 1], Y: minY - 1 },
      { X: xs[i + 1], Y: maxY + 1 },
      { X: xs[i], Y: maxY + 1 },
    ];
    out.push(...regionPolygons(intersection(clean, [strip]), depth + 1));
  }
  return out;
}

/** Points within d of P (P grown by d), as simple polygons. */
export function grownOutline(P: Polygon, d: number): Polygon[] {
  return regionPolygons(offsetPaths([toPath(P)], d));
}

/** The rings of P grown by d mm, as plain coordinate rings (outer outlines and any holes): for drawing. */
export function grownRings(P: Polygon, d: number): [number, number][][] {
  return offsetPaths([toPath(P)], d).map((p) => p.map((q) => [q.X / SCALE, q.Y / SCALE] as [number, number]));
}
