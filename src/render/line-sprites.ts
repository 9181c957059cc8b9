import { Container, Sprite, Texture, TilingSprite } from 'pixi.js';
import {
  ALPHA,
  AX,
  AY,
  BX,
  BY,
  COLOR,
  LINE_RECORD,
  PX,
  PY,
  recordLine,
  sameLine,
  WIDTH,
} from './line-record';

/**
 * Straight lines as quads whose transform is set, never rebuilt: a solid line is a white pixel stretched
 * along it and tinted, a dashed one a strip that repeats a dash texture. A Graphics line is tessellated again
 * whenever it moves (a dashed one dash by dash); these only take a new position, angle, length, width, tint
 * and alpha, so the selected attacker's lines follow a dragged piece without building any geometry.
 * Lines keep the order they were asked in within a frame, so they stack as Graphics lines stacked.
 */
export class LineSprites {
  readonly root = new Container();
  /**
   * each place in the stack: a solid quad and a dashed one (each made when first needed), side by side in
   * the stack; the one of the kind asked for shows, the other is kept at alpha 0. Pixi rebuilds a render
   * group's drawing instructions when a child is added, removed or hidden, and only updates one whose
   * colour or transform changed: a line that turns from solid to dashed, or a place left unused, costs no
   * rebuild (alpha 0 leaves the pixels as they were).
   */
  private slots: Place[] = [];
  private used = 0;
  /** the tint each quad was given last */
  private tints = new Map<Sprite | TilingSprite, number>();
  private dashes = new Map<number, Texture>();
  /** quads made (a place's first solid or dashed line, or the list grew), quads only moved, quads left as they were */
  made = 0;
  moved = 0;
  kept = 0;

  constructor(name: string) {
    this.root.label = name;
  }

  /** Start a frame: every line not asked for again before end() is made transparent. */
  begin() {
    this.used = 0;
  }

  /**
   * The line `m` (line-record.ts's numbers): from (ax, ay) to (bx, by) in screen pixels, `width` pixels wide;
   * dashed `dash` pixels on, `dash` off, with the dashes' phase counted from (px, py) (the line's own start,
   * when (ax, ay) is a clipped end).
   */
  line(m: Float64Array, dash = 0) {
    // the place's line as it was last frame (a line whose ends did not move: another piece is dragged) is left
    // as it is: no angle, length nor dash phase worked out again (a line kept was longer than 0)
    const at = this.slots[this.used];
    if (at && at.shown === dash && sameLine(at.last, m)) {
      this.used++;
      this.kept++;
      return;
    }
    const ax = m[AX],
      ay = m[AY],
      bx = m[BX],
      by = m[BY],
      color = m[COLOR],
      alpha = m[ALPHA];
    const len = Math.hypot(bx - ax, by - ay);
    if (!(len > 0)) return;
    const s = this.slot(dash);
    const place = this.slots[this.used - 1];
    place.shown = dash;
    recordLine(place.last, m);
    s.position.set(ax, ay);
    s.rotation = Math.atan2(by - ay, bx - ax);
    // Pixi makes a colour object for every tint set: set only when it changes
    if (this.tints.get(s) !== color) {
      s.tint = color;
      this.tints.set(s, color);
    }
    if (s.alpha !== alpha) s.alpha = alpha;
    if (s instanceof TilingSprite) {
      s.width = len;
      s.height = m[WIDTH];
      s.tilePosition.x = -(Math.hypot(ax - m[PX], ay - m[PY]) % (dash * 2));
    } else {
      s.scale.set(len, m[WIDTH]);
    }
  }

  /** The lines the last frame drew (its begin() to end()). */
  get shown(): number {
    return this.used;
  }

  /** End the frame: the lines not asked for are made transparent (kept for the next frame's). */
  end() {
    for (let i = this.used; i < this.slots.length; i++) {
      const at = this.slots[i];
      const { solid, dashed } = at;
      if (solid && solid.alpha !== 0) solid.alpha = 0;
      if (dashed && dashed.alpha !== 0) dashed.alpha = 0;
      at.shown = -1;
    }
  }

  /** Forget every line (a full redraw). */
  clear() {
    for (const { solid, dashed } of this.slots) {
      solid?.destroy();
      dashed?.destroy();
    }
    this.slots.length = 0;
    this.tints.clear();
    this.root.removeChildren();
  }

  /** The quad of the next place in the stack for a line of this kind; the place's other quad hidden. */
  private slot(dash: number): Sprite | TilingSprite {
    const i = this.used++;
    let at = this.slots[i];
    if (!at)
      this.slots.push(
        (at = { solid: null, dashed: null, dash: 0, shown: -1, last: new Float64Array(LINE_RECORD) }),
      );
    const other = dash ? at.solid : at.dashed;
    if (other && other.alpha !== 0) other.alpha = 0;
    if (!dash && at.solid) {
      this.moved++;
      return at.solid;
    }
    if (dash && at.dashed && at.dash === dash) {
      this.moved++;
      return at.dashed;
    }
    let s: Sprite | TilingSprite;
    if (dash) {
      s = new TilingSprite({ texture: this.dashTexture(dash), anchor: { x: 0, y: 0.5 } });
      // a dash of another length: the new strip takes the old one's place
      if (at.dashed) {
        this.root.addChildAt(s, this.root.getChildIndex(at.dashed));
        this.tints.delete(at.dashed);
        at.dashed.destroy();
      } else this.insert(s, at.solid, i);
      at.dashed = s;
      at.dash = dash;
    } else {
      s = new Sprite(Texture.WHITE);
      s.anchor.set(0, 0.5);
      this.insert(s, at.dashed, i);
      at.solid = s;
    }
    this.made++;
    return s;
  }

  /** Put a place's new quad beside its other one, else above the places below it. */
  private insert(s: Sprite | TilingSprite, beside: Sprite | TilingSprite | null, i: number) {
    if (beside) {
      this.root.addChildAt(s, this.root.getChildIndex(beside));
      return;
    }
    // the top quad of the nearest place below (places above have theirs higher in the stack)
    for (let j = i - 1; j >= 0; j--) {
      const { solid, dashed } = this.slots[j];
      const top = Math.max(
        solid ? this.root.getChildIndex(solid) : -1,
        dashed ? this.root.getChildIndex(dashed) : -1,
      );
      if (top >= 0) {
        this.root.addChildAt(s, top + 1);
        return;
      }
    }
    this.root.addChildAt(s, 0);
  }

  /** `dash` pixels white then `dash` clear, one pixel high: the tile a dashed line repeats */
  private dashTexture(dash: number): Texture {
    let t = this.dashes.get(dash);
    if (!t) {
      const c = document.createElement('canvas');
      c.width = dash * 2;
      c.height = 1;
      const g = c.getContext('2d')!;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, dash, 1);
      t = Texture.from(c);
      this.dashes.set(dash, t);
    }
    return t;
  }
}

/** A place in the stack of lines (see LineSprites.slots). */
interface Place {
  solid: Sprite | null;
  dashed: TilingSprite | null;
  /** the dashed quad's dash length */
  dash: number;
  /** the kind of line the place shows (its dash length, 0 for solid), -1 while it shows none */
  shown: number;
  /** the line it shows: ends, width, colour, alpha and dash phase origin, as line() was given them */
  last: Float64Array;
}
