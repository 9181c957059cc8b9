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
  private items = new Map<string, { g: Graphics; key: string; frame: number; parked: boolean }>();
  private order: Graphics[] = [];
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
    let it = this.items.get(id);
    if (it && it.frame === this.frame) {
      // the same id twice in a frame: a second item
      return this.put(`${id}\u0000`, key, x, y, draw);
    }
    if (!it) {
      it = { g: new Graphics(), key: '\u0000none', frame: 0, parked: false };
      this.items.set(id, it);
    }
    if (it.parked) {
      it.parked = false;
      it.g.alpha = 1;
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

  /** End the frame: drop (or park) what was not put, restack when the order changed. */
  end() {
    let parked: { g: Graphics; frame: number }[] | null = null;
    for (const [id, it] of this.items) {
      if (it.frame === this.frame) continue;
      if (!this.park) {
        it.g.destroy();
        this.items.delete(id);
        continue;
      }
      if (!it.parked) {
        it.parked = true;
        it.g.alpha = 0;
      }
      (parked ??= []).push(it);
    }
    if (parked && parked.length > MAX_PARKED) {
      parked.sort((a, b) => b.frame - a.frame);
      for (const it of parked.splice(MAX_PARKED)) it.g.destroy();
      for (const [id, it] of this.items) if (it.g.destroyed) this.items.delete(id);
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
      if (parked) for (const it of parked) if (!it.g.destroyed) this.root.addChild(it.g);
    }
  }

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

const ids = new WeakMap<object, number>();
let nextId = 1;
/** A small number standing for an object's identity (content keys name shapes by it). */
export function oid(o: object): number {
  let n = ids.get(o);
  if (n === undefined) ids.set(o, (n = nextId++));
  return n;
}
