/**
 * Setup practice's marks over the pieces: the best spot the search found (an obstacle's outline or a
 * ship's base, dashed gold with a light fill), the zone the player is placing in (a thin outline) and,
 * while the player places an obstacle, where its centre may go (a light fill). Plain table mm from the
 * state; nothing decided here.
 */
import { Container, Graphics, Matrix } from 'pixi.js';
import type { Frame, SceneLayer } from './scene';

const BEST = 0xffd43b;
const ZONE = 0x74c0fc;

export interface SetupMarks {
  /** the best spot's outline, x0, y0, x1, y1, ... (mm) */
  best: number[] | null;
  /** the rectangle the player places in [x0, y0, x1, y1] (mm) */
  zone: [number, number, number, number] | null;
  /** where the centre of the obstacle being placed may go: outlines, x0, y0, x1, y1, ... (mm) */
  region?: number[][] | null;
}

const REGION = 0x63e6be;

export class SetupLayer implements SceneLayer {
  readonly container = new Container();
  private readonly g = new Graphics();
  private marks: SetupMarks = { best: null, zone: null, region: null };
  private drawn: { marks: SetupMarks; scale: number } | null = null;

  constructor() {
    this.container.addChild(this.g);
  }

  set(marks: SetupMarks) {
    this.marks = marks;
  }

  draw({ view: v }: Frame) {
    this.container.setFromMatrix(
      v.turn
        ? new Matrix(0, v.scale, v.scale, 0, v.ox, v.oy)
        : new Matrix(v.scale, 0, 0, -v.scale, v.ox, v.oy),
    );
    const d = this.drawn;
    if (d && d.marks === this.marks && d.scale === v.scale) return;
    this.drawn = { marks: this.marks, scale: v.scale };
    const g = this.g;
    g.clear();
    const px = 1 / v.scale;
    const { best, zone, region } = this.marks;
    if (region) for (const r of region) if (r.length >= 6) g.poly(r).fill({ color: REGION, alpha: 0.16 });
    if (zone) {
      const [x0, y0, x1, y1] = zone;
      g.rect(x0, y0, x1 - x0, y1 - y0).stroke({ color: ZONE, width: 2 * px, alpha: 0.8 });
    }
    if (best && best.length >= 6) {
      g.poly(best).fill({ color: BEST, alpha: 0.25 });
      // dashed: every other piece of each edge
      const n = best.length / 2;
      for (let i = 0; i < n; i++) {
        const ax = best[2 * i],
          ay = best[2 * i + 1],
          bx = best[(2 * i + 2) % best.length],
          by = best[(2 * i + 3) % best.length];
        const len = Math.hypot(bx - ax, by - ay);
        const dash = 6 * px;
        for (let t = 0; t < len; t += 2 * dash) {
          const t1 = Math.min(len, t + dash);
          g.moveTo(ax + ((bx - ax) * t) / len, ay + ((by - ay) * t) / len);
          g.lineTo(ax + ((bx - ax) * t1) / len, ay + ((by - ay) * t1) / len);
        }
      }
      g.stroke({ color: BEST, width: 3 * px, alpha: 1 });
    }
  }
}
