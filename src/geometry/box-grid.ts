/**
 * Boxes filed in a uniform grid of square cells, to find the few a segment may pass near
 * without testing them all (line of sight across a crowded table). Flat arrays: each cell's
 * items are a run of `items`, from `starts[cell]` to `starts[cell + 1]`.
 */
export class BoxGrid {
  private readonly x0: number;
  private readonly y0: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly starts: Int32Array;
  private readonly items: Int32Array;
  private readonly seen: Int32Array;
  private visit = 0;
  /** the items segmentCandidates found, ascending: the first `count` of them */
  readonly found: Int32Array;
  count = 0;

  /**
   * boxes: minX, minY, maxX, maxY of each item, grown by whatever margin the caller's question
   * needs (an item is found whenever the segment passes through its box).
   */
  constructor(
    boxes: ArrayLike<number>,
    readonly cell: number,
  ) {
    if (!(cell > 0)) throw new Error('BoxGrid: cell size must be positive');
    const n = boxes.length >> 2;
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (let i = 0; i < n; i++) {
      x0 = Math.min(x0, boxes[4 * i]);
      y0 = Math.min(y0, boxes[4 * i + 1]);
      x1 = Math.max(x1, boxes[4 * i + 2]);
      y1 = Math.max(y1, boxes[4 * i + 3]);
    }
    if (n === 0) {
      x0 = y0 = 0;
      x1 = y1 = cell;
    }
    this.x0 = x0;
    this.y0 = y0;
    this.cols = Math.max(1, Math.ceil((x1 - x0) / cell));
    this.rows = Math.max(1, Math.ceil((y1 - y0) / cell));
    const counts = new Int32Array(this.cols * this.rows + 1);
    this.eachCell(boxes, n, (c) => {
      counts[c + 1]++;
    });
    for (let c = 0; c < this.cols * this.rows; c++) counts[c + 1] += counts[c];
    this.starts = counts;
    this.items = new Int32Array(counts[this.cols * this.rows]);
    const fill = counts.slice(0, -1);
    this.eachCell(boxes, n, (c, i) => {
      this.items[fill[c]++] = i;
    });
    this.seen = new Int32Array(n);
    this.found = new Int32Array(n);
  }

  private eachCell(boxes: ArrayLike<number>, n: number, f: (cell: number, item: number) => void): void {
    for (let i = 0; i < n; i++) {
      const c0 = this.col(boxes[4 * i]),
        c1 = this.col(boxes[4 * i + 2]);
      const r0 = this.row(boxes[4 * i + 1]),
        r1 = this.row(boxes[4 * i + 3]);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) f(r * this.cols + c, i);
    }
  }

  private col(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.x0) / this.cell)));
  }

  private row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.y0) / this.cell)));
  }

  /**
   * The items whose box segment p-q may pass through, ascending, into `found` (their number in
   * `count`, also returned). Every item whose box the segment meets is listed (cells are taken
   * generously, a hair past the segment's own extent); some listed items may be missed by it.
   * Points, not coordinates, and results kept here: a call that is not inlined boxes every number
   * passed to it, and this runs for every line of sight.
   */
  segmentCandidates(
    p: { readonly x: number; readonly y: number },
    q: { readonly x: number; readonly y: number },
  ): number {
    const px = p.x,
      py = p.y,
      qx = q.x,
      qy = q.y;
    const found = this.found;
    let count = 0;
    this.count = 0;
    if (++this.visit === 0x7fffffff) {
      this.seen.fill(0);
      this.visit = 1;
    }
    const pad = 1e-6 * this.cell;
    const xlo = Math.min(px, qx),
      xhi = Math.max(px, qx);
    // outside the filed area altogether
    if (xhi < this.x0 - pad || xlo > this.x0 + this.cols * this.cell + pad) return 0;
    const dx = qx - px,
      dy = qy - py;
    // col() and row() written out: a call that is not inlined boxes the number passed to it
    const x0 = this.x0,
      y0 = this.y0,
      size = this.cell,
      cols = this.cols,
      rows = this.rows;
    const c0 = Math.min(cols - 1, Math.max(0, Math.floor((xlo - pad - x0) / size)));
    const c1 = Math.min(cols - 1, Math.max(0, Math.floor((xhi + pad - x0) / size)));
    for (let c = c0; c <= c1; c++) {
      // the segment's y extent over this column's x range (the whole segment when vertical)
      let ya: number, yb: number;
      if (Math.abs(dx) < 1e-12 || c0 === c1) {
        ya = py;
        yb = qy;
      } else {
        const xa = Math.max(xlo, x0 + c * size),
          xb = Math.min(xhi, x0 + (c + 1) * size);
        ya = py + ((xa - px) / dx) * dy;
        yb = py + ((xb - px) / dx) * dy;
      }
      const r0 = Math.min(rows - 1, Math.max(0, Math.floor((Math.min(ya, yb) - pad - y0) / size)));
      const r1 = Math.min(rows - 1, Math.max(0, Math.floor((Math.max(ya, yb) + pad - y0) / size)));
      for (let r = r0; r <= r1; r++) {
        const cell = r * cols + c;
        for (let k = this.starts[cell], e = this.starts[cell + 1]; k < e; k++) {
          const i = this.items[k];
          if (this.seen[i] === this.visit) continue;
          this.seen[i] = this.visit;
          let at = count++;
          while (at > 0 && found[at - 1] > i) {
            found[at] = found[at - 1];
            at--;
          }
          found[at] = i;
        }
      }
    }
    return (this.count = count);
  }
}
