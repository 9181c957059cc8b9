/**
 * Drawing the practice maps under the pieces: the threat heat map (cells coloured by how many
 * enemy hull zones and squadrons can attack the ship there), the reach (a ghost of the ship's base
 * at every end, coloured by the rules' outcome) and the opportunity (a dot at every end, coloured
 * by how many enemy hull zones and squadrons it could attack from there). Drawn in table mm into
 * its own layer, which the scene places with the view's transform at every frame: the map is
 * drawn again only when it changes, never on a pan, nor on a zoom but for the few steps at which
 * its marks are held at their least size on screen (src/render/practice-look.ts). Nothing here
 * judges: it draws the answers of src/rules/practice/ as the worker sent them.
 */
import { Container, Graphics, Matrix, Sprite, Texture } from 'pixi.js';
import type { Catalog } from '../model/catalog';
import { localShipShapes } from '../model/pieces';
import type { Ship } from '../model/table';
import type { CellData } from '../rules/practice/maps';
import type { PracticeMaps } from '../state/practice';
import { OUTCOME_COLOUR } from '../state/overlays/maneuver';
import type { View } from './view';
import { HEAT_CELL_ALPHA, marksLook, type MarksLook } from './practice-look';

export type PracticeLayer = 'reach' | 'threat' | 'opportunity';

/** Threat colours by the number of attackers: 0 (none can attack), 1, 2, 3, 4 or more. */
export const THREAT_COLOURS = [0x2fbf71, 0xffd43b, 0xff922b, 0xf03e3e, 0xc2255c] as const;
/** A cell where the ship would overlap another ship (no ship can be there). */
export const BLOCKED_CELL = 0x495057;
/** Opportunity colours by the number of targets: 0, 1, 2, 3, 4 or more. */
export const OPPORTUNITY_COLOURS = [0x868e96, 0x99e9f2, 0x4dabf7, 0x9775fa, 0xf783ac] as const;

export const threatColour = (c: CellData): number =>
  c.overlapsShips.length
    ? BLOCKED_CELL
    : THREAT_COLOURS[Math.min(c.attackers.length, THREAT_COLOURS.length - 1)];
export const opportunityColour = (targets: number): number =>
  OPPORTUNITY_COLOURS[Math.min(targets, OPPORTUNITY_COLOURS.length - 1)];

/** The view's transform for a layer drawn in table mm (see view.ts toScreen). */
export function placeUnder(layer: Container, v: View): void {
  layer.setFromMatrix(
    v.turn ? new Matrix(0, v.scale, v.scale, 0, v.ox, v.oy) : new Matrix(v.scale, 0, 0, -v.scale, v.ox, v.oy),
  );
}

/**
 * The layer's drawing: the threat map as one picture (a pixel a cell), the ends as paths; drawn
 * again when the maps or the layers shown change.
 */
export class PracticeDrawing {
  readonly g = new Graphics();
  private readonly heat = new Sprite();
  private canvas: HTMLCanvasElement | null = null;
  private drawn: { maps: PracticeMaps | null; version: number; shown: string; look: string } = {
    maps: null,
    version: -1,
    shown: '',
    look: '',
  };
  /** the marks' sizes at the zoom last drawn */
  look: MarksLook = marksLook(1);

  /** the cell or end a tap read, outlined over the maps */
  private readonly marked = new Graphics();
  private markedAt: Parameters<PracticeDrawing['mark']>[0] = null;

  constructor(readonly layer: Container) {
    layer.addChild(this.heat, this.g, this.marked);
  }

  /** Outline the cell (its lower corner and size, mm) or the end (its centre) a tap read; null: none. */
  mark(m: { kind: 'cell' | 'end'; x: number; y: number; size: number } | null) {
    const g = this.marked;
    g.clear();
    this.markedAt = m;
    if (!m) return;
    const [cx, cy] = m.kind === 'cell' ? [m.x + m.size / 2, m.y + m.size / 2] : [m.x, m.y];
    // the place itself, and a ring around it that shows at any zoom (its lines a pixel or more)
    const r = Math.max(m.size * 1.5, this.look.tapRing);
    const px = 1 / this.look.pxPerMm;
    if (m.kind === 'cell') g.rect(m.x, m.y, m.size, m.size);
    g.circle(cx, cy, r);
    g.stroke({ color: 0x000000, width: Math.max(3, 2.5 * px), alpha: 0.9 });
    if (m.kind === 'cell') g.rect(m.x, m.y, m.size, m.size);
    g.circle(cx, cy, r);
    g.stroke({ color: 0xffffff, width: Math.max(1.4, 1.2 * px) });
  }

  clear() {
    this.g.clear();
    this.marked.clear();
    this.heat.visible = false;
    this.markedAt = null;
    this.drawn = { maps: null, version: -1, shown: '', look: '' };
  }

  /**
   * Draw the maps (version: bumped by the caller whenever the maps gained answers) seen at `pxPerMm`
   * screen pixels a table mm; false when nothing changed.
   */
  draw(
    maps: PracticeMaps | null,
    version: number,
    shown: Set<PracticeLayer>,
    cat: Catalog,
    ship: Ship | undefined,
    pxPerMm = 1,
  ): boolean {
    const key = [...shown].sort().join(',');
    const look = marksLook(pxPerMm);
    this.heat.alpha = look.heatAlpha;
    const same = maps === this.drawn.maps && version === this.drawn.version && key === this.drawn.shown;
    if (same && look.key === this.drawn.look) return false;
    this.drawn = { maps, version, shown: key, look: look.key };
    this.look = look;
    if (this.markedAt) this.mark(this.markedAt);
    const g = this.g;
    g.clear();
    // the heat picture is the cells' own: drawn again when the maps change, never for a zoom
    if (!same) {
      this.heat.visible = false;
      if (maps && ship && shown.has('threat')) this.threat(maps);
    }
    if (!maps || !ship) return true;
    if (shown.has('reach') && maps.ends)
      this.reach(maps.ends, localShipShapes(cat, ship.size, ship.class).base);
    if (shown.has('opportunity') && maps.ends) this.opportunity(maps);
    return true;
  }

  /**
   * A mark at every end coloured by its outcome, and the ship's base outlined there: one path per
   * round and outcome, round 2 first and fainter, round 1 over it. Seen from far the second
   * round's outlines (hundreds, overlapping) are left out: its marks show where it ends.
   */
  private reach(ends: NonNullable<PracticeMaps['ends']>, base: ReturnType<typeof localShipShapes>['base']) {
    const g = this.g,
      look = this.look;
    for (const round of [2, 1]) {
      const size = round === 1 ? look.end1 : look.end2;
      for (const outcome of Object.keys(OUTCOME_COLOUR) as (keyof typeof OUTCOME_COLOUR)[]) {
        let any = false;
        if (round === 1 || look.ghosts2) {
          for (const e of ends) {
            if (e.round !== round || e.outcome !== outcome) continue;
            g.poly(Array.from(base.placed(e.x, e.y, e.rotation).xy), true);
            any = true;
          }
          if (any)
            g.stroke({
              color: OUTCOME_COLOUR[outcome],
              alpha: round === 1 ? 0.95 : 0.4,
              width: round === 1 ? look.line1 : look.line2,
            });
        }
        // from far, a dark edge parts the marks from the cells and marks under them
        const edge = round === 1 ? look.ring : look.ring2;
        if (edge > 0 && this.marks(ends, round, outcome, size + 2 * edge))
          g.fill({ color: 0x000000, alpha: 0.85 });
        if (this.marks(ends, round, outcome, size))
          g.fill({ color: OUTCOME_COLOUR[outcome], alpha: round === 1 ? 1 : look.end2Alpha });
      }
    }
  }

  /** a square `size` mm across on every end of `round` with `outcome` (false: none) */
  private marks(ends: NonNullable<PracticeMaps['ends']>, round: number, outcome: string, size: number) {
    let any = false;
    for (const e of ends)
      if (e.round === round && e.outcome === outcome) {
        this.g.rect(e.x - size / 2, e.y - size / 2, size, size);
        any = true;
      }
    return any;
  }

  /**
   * A mark at every end coloured by how many it could attack from there: ringed in white near; from
   * farther, held at its least size, edged in dark instead (hundreds of white rings would be all
   * one sees).
   */
  private opportunity(maps: PracticeMaps) {
    const g = this.g,
      look = this.look;
    const square = (n: number, size: number) => {
      let any = false;
      maps.ends?.forEach((e, i) => {
        const o = maps.opportunities[i];
        if (!o || Math.min(o.targets.length, OPPORTUNITY_COLOURS.length - 1) !== n) return;
        g.rect(e.x - size / 2, e.y - size / 2, size, size);
        any = true;
      });
      return any;
    };
    for (let n = 0; n < OPPORTUNITY_COLOURS.length; n++) {
      if (look.ring > 0) {
        if (square(n, look.opportunity + 2 * look.ring2)) g.fill({ color: 0x000000, alpha: 0.85 });
        if (square(n, look.opportunity)) g.fill({ color: OPPORTUNITY_COLOURS[n], alpha: 0.9 });
      } else if (square(n, look.opportunity))
        g.fill({ color: OPPORTUNITY_COLOURS[n], alpha: 0.9 }).stroke({
          color: 0xffffff,
          width: look.opportunityRing,
          alpha: 0.7,
        });
    }
  }

  /**
   * The heat map as a picture of nx x ny pixels, one a cell, stretched over the grid (nearest, no
   * blur): thousands of cells cost one textured rectangle to draw. A cell not yet judged takes its
   * coarse neighbour's answer (the lattice point below-left of it, judged in an earlier pass), so
   * the first picture is whole.
   */
  private threat(maps: PracticeMaps) {
    const grid = maps.grid;
    if (!grid || typeof document === 'undefined') return;
    const { cell, x0, y0, nx, ny } = grid;
    if (!this.canvas || this.canvas.width !== nx || this.canvas.height !== ny) {
      // a new grid: a new picture of its size (the old one let go)
      if (this.heat.texture !== Texture.EMPTY) this.heat.texture.destroy(true);
      this.canvas = document.createElement('canvas');
      this.canvas.width = nx;
      this.canvas.height = ny;
      const tex = Texture.from(this.canvas, true);
      tex.source.scaleMode = 'nearest';
      this.heat.texture = tex;
    }
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    const img = ctx.createImageData(nx, ny);
    const d = img.data;
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const k = i + j * nx;
        if (!grid.region[k]) continue;
        const v =
          maps.cells.get(k) ??
          maps.cells.get(i - (i % 2) + (j - (j % 2)) * nx) ??
          maps.cells.get(i - (i % 4) + (j - (j % 4)) * nx);
        if (!v) continue;
        const col = threatColour(v);
        // row j = 0 is the table's lowest y: the picture's last row (the layer flips y)
        const o = 4 * (i + (ny - 1 - j) * nx);
        d[o] = (col >> 16) & 255;
        d[o + 1] = (col >> 8) & 255;
        d[o + 2] = col & 255;
        d[o + 3] = v.attackers.length ? HEAT_CELL_ALPHA.attacked : HEAT_CELL_ALPHA.none;
      }
    }
    ctx.putImageData(img, 0, 0);
    this.heat.texture.source.update();
    // the sprite in table mm: x from x0, and y from y0 + ny cells down to y0 (the layer's y runs up)
    this.heat.position.set(x0, y0 + ny * cell);
    this.heat.scale.set(cell, -cell);
    this.heat.visible = true;
  }
}
