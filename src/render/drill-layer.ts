/**
 * The hull zones a judge-by-eye question asks about, shaded over the pieces (the attacker's gold,
 * the defender's red), so a player knows which zones are meant without a ruler or an attack line.
 * Drawn in table mm from the analysis's own shapes; nothing else.
 */
import { Container, Graphics, Matrix } from 'pixi.js';
import type { Frame, SceneLayer } from './scene';

/** gold and red: apart from either player's colour (blue, orange) and from the cloth */
const ATTACKER = 0xffd43b;
const DEFENDER = 0xff4d6d;

export class DrillLayer implements SceneLayer {
  readonly container = new Container();
  private readonly g = new Graphics();
  private asked: { attacker: string; defender: string } | null = null;
  private drawn: { asked: DrillLayer['asked']; world: unknown; scale: number } | null = null;

  constructor() {
    this.container.addChild(this.g);
  }

  /** The two sides asked about (`ship.zone` or a squadron id), or null: nothing shaded. */
  set(asked: { attacker: string; defender: string } | null) {
    this.asked = asked;
  }

  draw({ view: v, analysis }: Frame) {
    this.container.setFromMatrix(
      v.turn
        ? new Matrix(0, v.scale, v.scale, 0, v.ox, v.oy)
        : new Matrix(v.scale, 0, 0, -v.scale, v.ox, v.oy),
    );
    const d = this.drawn;
    // nothing asked, nothing drawn: another world (a drag step) changes nothing, and a clear() at every
    // frame made Pixi build its drawing instructions again
    const same = d && d.asked === this.asked && (d.world === analysis.world || !this.asked);
    if (same && d.scale === v.scale) return;
    this.drawn = { asked: this.asked, world: analysis.world, scale: v.scale };
    this.g.clear();
    if (!this.asked) return;
    for (const [side, colour] of [
      [this.asked.attacker, ATTACKER],
      [this.asked.defender, DEFENDER],
    ] as const) {
      const [id, zone] = side.split('.');
      const e = analysis.world.byId.get(id);
      if (!zone || !e || e.kind !== 'ship') continue;
      const poly = e.shapes.hullZones[zone as keyof typeof e.shapes.hullZones];
      if (!poly) continue;
      this.g.poly(poly.pairs().flat()).fill({ color: colour, alpha: 0.45 });
      this.g.poly(poly.pairs().flat()).stroke({ color: colour, width: 2 / v.scale, alpha: 0.95 });
    }
  }
}
