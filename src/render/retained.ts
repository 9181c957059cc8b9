import { Container, Graphics } from 'pixi.js';

/**
 * Retained drawing: one Graphics per item, kept between frames under a key. An item whose content
 * key is unchanged is only moved (its position set); one whose key changed is cleared and drawn
 * again; one not asked for this frame is destroyed. Children keep the order they were asked in,
 * so overlapping items stack as a full redraw stacks them.
 */
export class Retained {
  readonly root = new Container();
  private items = new Map<string, { g: Graphics; key: string; frame: number }>();
  private order: Graphics[] = [];
  private frame = 0;
  /** items drawn again and items only moved, since the counters were last read (the tests read them) */
  built = 0;
  kept = 0;

  constructor(readonly name: string) {
    this.root.label = name;
  }

  /** Start a frame: every item not put() before end() is dropped. */
  begin() {
    this.frame++;
    this.order.length = 0;
  }

  /**
   * Item `id` at screen (x, y): drawn by `draw` (in coordinates relative to (x, y)) when `key` differs from
   * the kept one's.
   */
  put(id: string, key: string, x: number, y: number, draw: (g: Graphics) => void): void {
    let it = this.items.get(id);
    if (it && it.frame === this.frame) {
      // the same id twice in a frame: a second item
      return this.put(`${id}\u0000`, key, x, y, draw);
    }
    if (!it) {
      it = { g: new Graphics(), key: '\u0000none', frame: 0 };
      this.items.set(id, it);
    }
    it.frame = this.frame;
    if (it.key !== key) {
      it.g.clear();
      draw(it.g);
      it.key = key;
      this.built++;
    } else this.kept++;
    it.g.position.set(x, y);
    this.order.push(it.g);
  }

  /** End the frame: drop what was not put, restack when the order changed. */
  end() {
    for (const [id, it] of this.items) {
      if (it.frame !== this.frame) {
        it.g.destroy();
        this.items.delete(id);
      }
    }
    const ch = this.root.children,
      o = this.order;
    let same = ch.length === o.length;
    for (let i = 0; same && i < o.length; i++) same = ch[i] === o[i];
    if (!same) {
      this.root.removeChildren();
      if (o.length) this.root.addChild(...o);
    }
  }

  /** Forget every item: the next frame draws all of them again (a full redraw). */
  clear() {
    for (const it of this.items.values()) it.g.destroy();
    this.items.clear();
    this.root.removeChildren();
  }

  get size() {
    return this.items.size;
  }
}

const ids = new WeakMap<object, number>();
let nextId = 1;
/** A small number standing for an object's identity (content keys name shapes by it). */
export function oid(o: object): number {
  let n = ids.get(o);
  if (n === undefined) ids.set(o, (n = nextId++));
  return n;
}
