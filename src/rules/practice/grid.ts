/**
 * The grid a threat map is judged on: square cells of a stated size (mm), each judged at its
 * centre, over the region a ship can reach (the convex hull of its reach ends' centres and its
 * start, grown by one cell) or the whole play area; only cells whose centre is on the table.
 * Cells are judged coarse to fine (every 4th cell each way, then every 2nd, then the rest), so
 * the first picture covers the whole region early and the rest fills it in.
 */
import { convexHullXY } from '../../geometry/hull';

export interface CellGrid {
  /** cell size, mm */
  cell: number;
  /** lower-left corner of cell (0, 0), mm */
  x0: number;
  y0: number;
  nx: number;
  ny: number;
  /** the cells judged, as i + j * nx, in the order they are judged (coarse to fine) */
  order: Int32Array;
  /** how many cells of `order` make each pass (coarse to fine): [4 mm lattice, 2, 1] as cumulative counts */
  passEnds: number[];
}

/** The centre of cell k (= i + j * nx). */
export function cellCentre(g: CellGrid, k: number): { x: number; y: number } {
  const i = k % g.nx,
    j = (k - i) / g.nx;
  return { x: g.x0 + (i + 0.5) * g.cell, y: g.y0 + (j + 0.5) * g.cell };
}

/** The cell (i + j * nx) a point falls in, or -1 outside the grid. */
export function cellAt(g: CellGrid, x: number, y: number): number {
  const i = Math.floor((x - g.x0) / g.cell),
    j = Math.floor((y - g.y0) / g.cell);
  return i < 0 || j < 0 || i >= g.nx || j >= g.ny ? -1 : i + j * g.nx;
}

/** The pass a cell falls in: 0 on the 4-cell lattice, 1 on the 2-cell lattice, 2 otherwise. */
export function cellPass(g: CellGrid, k: number): 0 | 1 | 2 {
  const i = k % g.nx,
    j = (k - i) / g.nx;
  return i % 4 === 0 && j % 4 === 0 ? 0 : i % 2 === 0 && j % 2 === 0 ? 1 : 2;
}

/** The coarsest judged cell standing for cell k until k itself is judged: its lattice parent in the pass before. */
export function cellParent(g: CellGrid, k: number, pass: 0 | 1): number {
  const i = k % g.nx,
    j = (k - i) / g.nx;
  const m = pass === 0 ? 4 : 2;
  return i - (i % m) + (j - (j % m)) * g.nx;
}

function orderCells(
  nx: number,
  ny: number,
  keep: (i: number, j: number) => boolean,
): { order: Int32Array; passEnds: number[] } {
  const passes: number[][] = [[], [], []];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      if (!keep(i, j)) continue;
      const p = i % 4 === 0 && j % 4 === 0 ? 0 : i % 2 === 0 && j % 2 === 0 ? 1 : 2;
      passes[p].push(i + j * nx);
    }
  }
  const order = Int32Array.from([...passes[0], ...passes[1], ...passes[2]]);
  return { order, passEnds: [passes[0].length, passes[0].length + passes[1].length, order.length] };
}

/** Distance from a point to a convex polygon (0 inside), the polygon counter-clockwise as x0, y0, x1, y1, ... */
function distanceToConvex(h: Float64Array, x: number, y: number): number {
  const n = h.length >> 1;
  if (n === 1) return Math.hypot(x - h[0], y - h[1]);
  let inside = n >= 3,
    best = Infinity;
  for (let a = 0; a < n; a++) {
    const b = (a + 1) % n;
    const ax = h[2 * a],
      ay = h[2 * a + 1],
      bx = h[2 * b],
      by = h[2 * b + 1];
    const ex = bx - ax,
      ey = by - ay,
      l2 = ex * ex + ey * ey;
    if (ex * (y - ay) - ey * (x - ax) < 0) inside = false;
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / l2)) : 0;
    best = Math.min(best, Math.hypot(x - (ax + t * ex), y - (ay + t * ey)));
  }
  return inside ? 0 : best;
}

/**
 * A grid of `cell` mm over the points' convex hull grown by `margin` mm (default one cell),
 * cells anchored to the table's origin (so the same point falls in the same cell whatever the
 * region), only those whose centre lies on the table (width x height).
 */
export function gridOverPoints(
  points: readonly { x: number; y: number }[],
  cell: number,
  table: { width: number; height: number },
  margin = cell,
): CellGrid {
  if (!(cell > 0)) throw new Error(`grid: the cell size must be a positive number of mm, not ${cell}`);
  const xy = new Float64Array(points.length * 2);
  points.forEach((p, i) => {
    xy[2 * i] = p.x;
    xy[2 * i + 1] = p.y;
  });
  const hull = points.length > 2 ? convexHullXY(xy) : xy;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  minX = Math.max(0, minX - margin);
  minY = Math.max(0, minY - margin);
  maxX = Math.min(table.width, maxX + margin);
  maxY = Math.min(table.height, maxY + margin);
  const i0 = Math.floor(minX / cell),
    j0 = Math.floor(minY / cell);
  const nx = Math.max(0, Math.ceil(maxX / cell) - i0),
    ny = Math.max(0, Math.ceil(maxY / cell) - j0);
  const x0 = i0 * cell,
    y0 = j0 * cell;
  const { order, passEnds } = orderCells(nx, ny, (i, j) => {
    const x = x0 + (i + 0.5) * cell,
      y = y0 + (j + 0.5) * cell;
    return (
      x >= 0 && y >= 0 && x <= table.width && y <= table.height && distanceToConvex(hull, x, y) <= margin
    );
  });
  return { cell, x0, y0, nx, ny, order, passEnds };
}

/** A grid of `cell` mm over the whole play area. */
export function gridOverTable(cell: number, table: { width: number; height: number }): CellGrid {
  if (!(cell > 0)) throw new Error(`grid: the cell size must be a positive number of mm, not ${cell}`);
  const nx = Math.ceil(table.width / cell),
    ny = Math.ceil(table.height / cell);
  const { order, passEnds } = orderCells(
    nx,
    ny,
    (i, j) => (i + 0.5) * cell <= table.width && (j + 0.5) * cell <= table.height,
  );
  return { cell, x0: 0, y0: 0, nx, ny, order, passEnds };
}
