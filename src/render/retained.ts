import { Container, Graphics } from 'pixi.js';

/** How many items a parking layer keeps out of sight at most (the longest parked are destroyed first). */
const MAX_PARKED = 24;

/**
 * Retained drawing: one Graphics per item, kept between frames under a key. An item whose content
 * key is unchanged is only moved (its position set); one whose key changed is cleared and drawn
 * again; one not asked for this frame is destroyed, or in a parking layer made transparent and kept
 * (see park). Children keep the order they were asked in, so overlapping items stack as a full redraw
 * stacks them.
 */
export class Retained {
  readonly root = new Container();
  private items = new Map<string, Item>();
  private order: Graphics[] = [];
  /** end()'s list of the items parked, kept from frame to frame (end makes no array at each frame) */
  private parked: Item[] = [];
  private frame = 0;
  /** items drawn again and items only moved, since the counters were last read (the tests read them) */
  built = 0;
  kept = 0;

  private readonly park: boolean;
  private readonly ordered: boolean;

  /**
   * park: keep an item not asked for at alpha 0 instead of destroying it, for a layer whose items come and go
   * as a piece moves (the marks, the selection): Pixi rebuilds a render group's drawing instructions when a
   * child is added or removed, and only updates a child's colour in place; an item asked for again is shown
   * as it was (drawn again only if its key changed). Alpha 0 leaves the pixels as they were.
   * unordered: the items' stacking does not change the picture (outlines of one colour, width and alpha:
   * blending one colour over itself gives the same pixels in any order), so they are never restacked.
   */
  constructor(
    readonly name: string,
    { park = false, unordered = false }: { park?: boolean; unordered?: boolean } = {},
  ) {
    this.root.label = name;
    this.park = park;
    this.ordered = !unordered;
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
    if (this.keep(id, key, x, y)) return;
    let it = this.items.get(id);
    if (it && it.frame === this.frame) {
      // the same id twice in a frame: a second item
      return this.put(`${id}\u0000`, key, x, y, draw);
    }
    if (!it) {
      it = { id, g: new Graphics(), key: '\u0000none', frame: 0, parked: false };
      this.items.set(id, it);
    }
    if (it.parked) {
      it.parked = false;
      it.g.alpha = 1;
    }
    it.frame = this.frame;
    it.g.clear();
    draw(it.g);
    it.key = key;
    this.built++;
    it.g.position.set(x, y);
    this.order.push(it.g);
  }

  /**
   * put() of an item already drawn under `key` (not yet put this frame): it is moved to (x, y), and true
   * is returned; false when it must be drawn (put it then). A caller that asks first makes no drawing
   * function for the items that are only moved.
   */
  keep(id: string, key: string, x: number, y: number): boolean {
    const it = this.items.get(id);
    if (!it || it.frame === this.frame || it.key !== key) return false;
    if (it.parked) {
      it.parked = false;
      it.g.alpha = 1;
    }
    it.frame = this.frame;
    this.kept++;
    it.g.position.set(x, y);
    this.order.push(it.g);
    return true;
  }

  /** End the frame: drop (or park) what was not put, restack when the order changed. */
  end() {
    const parked = this.parked;
    parked.length = 0;
    this.items.forEach(this.drop);
    if (parked.length > MAX_PARKED) {
      parked.sort((a, b) => b.frame - a.frame);
      for (const it of parked.splice(MAX_PARKED)) it.g.destroy();
      for (const it of this.items.values()) if (it.g.destroyed) this.items.delete(it.id);
    }
    const ch = this.root.children,
      o = this.order;
    if (!this.ordered) {
      // only the new items added (each at the top)
      for (const g of o) if (g.parent !== this.root) this.root.addChild(g);
      return;
    }
    // the children in use must stand in the order asked; parked ones may lie anywhere among them
    let j = 0,
      same = true;
    for (let i = 0; same && i < ch.length; i++) {
      const c = ch[i];
      if (j < o.length && c === o[j]) j++;
      else if (c.alpha !== 0) same = false;
    }
    if (!same || j !== o.length) {
      this.root.removeChildren();
      if (o.length) this.root.addChild(...o);
      for (const it of parked) if (!it.g.destroyed) this.root.addChild(it.g);
    }
  }

  /**
   * end()'s step for one item: an item not put this frame is destroyed, or parked. Called by forEach with the
   * item's own id, not for of the map's entries: no pair nor iterator made per item at every frame.
   */
  private drop = (it: Item) => {
    if (it.frame === this.frame) return;
    if (!this.park) {
      it.g.destroy();
      this.items.delete(it.id);
      return;
    }
    if (!it.parked) {
      it.parked = true;
      it.g.alpha = 0;
    }
    this.parked.push(it);
  };

  /** Forget every item: the next frame draws all of them again (a full redraw). */
  clear() {
    for (const it of this.items.values()) it.g.destroy();
    this.items.clear();
    this.root.removeChildren();
  }

  /** the items in use (parked ones not counted) */
  get size() {
    let n = 0;
    for (const it of this.items.values()) if (!it.parked) n++;
    return n;
  }
}

/** A retained item: its Graphics, the key it was drawn under, the frame it was last put in. */
interface Item {
  id: string;
  g: Graphics;
  key: string;
  frame: number;
  parked: boolean;
}

const ids = new WeakMap<object, number>();
let nextId = 1;
/** A small number standing for an object's identity (content keys name shapes by it). */
export function oid(o: object): number {
  let n = ids.get(o);
  if (n === undefined) ids.set(o, (n = nextId++));
  return n;
}
