import { Container, Sprite, Texture, TilingSprite } from 'pixi.js';

/**
 * Straight lines as quads whose transform is set, never rebuilt: a solid line is a white pixel stretched
 * along it and tinted, a dashed one a strip that repeats a dash texture. A Graphics line is tessellated again
 * whenever it moves (a dashed one dash by dash); these only take a new position, angle, length, width, tint
 * and alpha, so the selected attacker's lines follow a dragged piece without building any geometry.
 * Lines keep the order they were asked in within a frame, so they stack as Graphics lines stacked.
 */
export class LineSprites {
  readonly root = new Container();
  private slots: (Sprite | TilingSprite)[] = [];
  private used = 0;
  /** the tint each slot was given last (NaN: none yet) */
  private tints: number[] = [];
  private dashes = new Map<number, Texture>();
  /** quads made (a slot's kind changed or the list grew) and quads only moved, since the counters were read */
  made = 0;
  moved = 0;

  constructor(name: string) {
    this.root.label = name;
  }

  /** Start a frame: every line not asked for again before end() is hidden. */
  begin() {
    this.used = 0;
  }

  /**
   * A line from (ax, ay) to (bx, by) in screen pixels, `width` pixels wide; dashed `dash` pixels on, `dash`
   * off, with the dashes' phase counted from (px, py) (the line's own start, when (ax, ay) is a clipped end).
   */
  line(
    ax: number,
    ay: number,
    bx: number,
    by: number,
    width: number,
    color: number,
    alpha: number,
    dash = 0,
    px = ax,
    py = ay,
  ) {
    const len = Math.hypot(bx - ax, by - ay);
    if (!(len > 0)) return;
    const s = this.slot(dash);
    s.position.set(ax, ay);
    s.rotation = Math.atan2(by - ay, bx - ax);
    // Pixi makes a colour object for every tint set: set only when it changes
    if (this.tints[this.used - 1] !== color) {
      s.tint = color;
      this.tints[this.used - 1] = color;
    }
    if (s.alpha !== alpha) s.alpha = alpha;
    s.visible = true;
    if (s instanceof TilingSprite) {
      s.width = len;
      s.height = width;
      s.tilePosition.x = -(Math.hypot(ax - px, ay - py) % (dash * 2));
    } else {
      s.scale.set(len, width);
    }
  }

  /** End the frame: the lines not asked for are hidden (kept for the next frame's). */
  end() {
    for (let i = this.used; i < this.slots.length; i++) this.slots[i].visible = false;
  }

  /** Forget every line (a full redraw). */
  clear() {
    for (const s of this.slots) s.destroy();
    this.slots.length = 0;
    this.tints.length = 0;
    this.root.removeChildren();
  }

  private slot(dash: number): Sprite | TilingSprite {
    const i = this.used++;
    const had = this.slots[i];
    const want = dash ? this.dashTexture(dash) : Texture.WHITE;
    if (had && had.texture === want) {
      this.moved++;
      return had;
    }
    const s = dash ? new TilingSprite({ texture: want, anchor: { x: 0, y: 0.5 } }) : new Sprite(want);
    if (!dash) s.anchor.set(0, 0.5);
    if (had) {
      this.root.addChildAt(s, this.root.getChildIndex(had));
      had.destroy();
    } else this.root.addChild(s);
    this.slots[i] = s;
    this.tints[i] = NaN;
    this.made++;
    return s;
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
