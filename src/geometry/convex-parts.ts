/**
 * A simple polygon cut into convex parts whose union is the polygon: what penetration() needs of an
 * obstacle's outline (every obstacle token is concave somewhere). Ear clipping with exact orientation
 * tests gives triangles; neighbouring parts are then joined while the join stays convex (Hertel and
 * Mehlhorn), a few parts for an asteroid instead of some thirty triangles.
 */
import { Polygon } from './polygon';
import { orient } from './predicates';

const kept = new WeakMap<Polygon, Polygon[]>();

/** P's convex parts (P itself when convex), found once per polygon. */
export function convexParts(P: Polygon): Polygon[] {
  let parts = kept.get(P);
  if (!parts) kept.set(P, (parts = P.convex ? [P] : decompose(P)));
  return parts;
}

/** The parts as lists of P's vertex indices, counter-clockwise (exported for the tests). */
export function convexPartIndices(P: Polygon): number[][] {
  return merge(P, triangles(P));
}

function decompose(P: Polygon): Polygon[] {
  return convexPartIndices(P).map((ring) =>
    Polygon.from(
      ring.map((i) => [P.x(i), P.y(i)] as const),
      true,
    ),
  );
}

/** Ear clipping: triangles of P's vertex indices, counter-clockwise (collinear vertices dropped on the way). */
function triangles(P: Polygon): number[][] {
  const idx = Array.from({ length: P.n }, (_, i) => i);
  const out: number[][] = [];
  const o = (a: number, b: number, c: number) => orient(P.x(a), P.y(a), P.x(b), P.y(b), P.x(c), P.y(c));
  while (idx.length > 3) {
    const m = idx.length;
    let cut = -1,
      dropped = false;
    for (let k = 0; k < m; k++) {
      const turn = o(idx[(k + m - 1) % m], idx[k], idx[(k + 1) % m]);
      if (turn === 0) {
        // on the line through its neighbours: no area to cut, the vertex goes
        idx.splice(k, 1);
        dropped = true;
        break;
      }
      if (turn > 0 && isEar(P, idx, k, o)) {
        cut = k;
        break;
      }
    }
    if (dropped) continue;
    // a simple polygon always has an ear (the tests are exact); a broken outline loses its most convex corner
    if (cut < 0) cut = mostConvex(idx, o);
    out.push([idx[(cut + m - 1) % m], idx[cut], idx[(cut + 1) % m]]);
    idx.splice(cut, 1);
  }
  if (o(idx[0], idx[1], idx[2]) > 0) out.push(idx.slice());
  return out;
}

/** No other vertex inside the triangle at corner k, nor on it (a reflex vertex on the cut would pinch). */
function isEar(P: Polygon, idx: number[], k: number, o: (a: number, b: number, c: number) => number) {
  const m = idx.length;
  const a = idx[(k + m - 1) % m],
    b = idx[k],
    c = idx[(k + 1) % m];
  for (let j = 0; j < m; j++) {
    const p = idx[j];
    if (p === a || p === b || p === c) continue;
    if (P.x(p) === P.x(a) && P.y(p) === P.y(a)) continue;
    if (P.x(p) === P.x(c) && P.y(p) === P.y(c)) continue;
    if (o(a, b, p) >= 0 && o(b, c, p) >= 0 && o(c, a, p) >= 0) return false;
  }
  return true;
}

function mostConvex(idx: number[], o: (a: number, b: number, c: number) => number): number {
  const m = idx.length;
  let best = 0,
    turn = -Infinity;
  for (let k = 0; k < m; k++) {
    const t = o(idx[(k + m - 1) % m], idx[k], idx[(k + 1) % m]);
    if (t > turn) [best, turn] = [k, t];
  }
  return best;
}

/** Join parts sharing an edge while the joined part is convex: Hertel and Mehlhorn's greedy pass. */
function merge(P: Polygon, parts: number[][]): number[][] {
  const o = (a: number, b: number, c: number) => orient(P.x(a), P.y(a), P.x(b), P.y(b), P.x(c), P.y(c));
  const convex = (ring: number[]) => {
    const m = ring.length;
    for (let k = 0; k < m; k++) if (o(ring[(k + m - 1) % m], ring[k], ring[(k + 1) % m]) < 0) return false;
    return true;
  };
  let joined = true;
  while (joined) {
    joined = false;
    for (let i = 0; i < parts.length && !joined; i++) {
      for (let j = i + 1; j < parts.length && !joined; j++) {
        const ring = join(parts[i], parts[j]);
        if (ring && convex(ring)) {
          parts[i] = ring;
          parts.splice(j, 1);
          joined = true;
        }
      }
    }
  }
  return parts;
}

/** The ring of two parts joined along an edge they share (u-v in one, v-u in the other), or null. */
function join(A: number[], B: number[]): number[] | null {
  const na = A.length,
    nb = B.length;
  for (let p = 0; p < na; p++) {
    const u = A[p],
      v = A[(p + 1) % na];
    for (let q = 0; q < nb; q++) {
      if (B[q] !== v || B[(q + 1) % nb] !== u) continue;
      // A from v round to u, then B's vertices after u up to before v
      const ring: number[] = [];
      for (let k = 1; k <= na; k++) ring.push(A[(p + k) % na]);
      for (let k = 2; k < nb; k++) ring.push(B[(q + k) % nb]);
      return ring;
    }
  }
  return null;
}
