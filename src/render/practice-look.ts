/**
 * How big and how strong the practice maps' marks are drawn at a zoom (src/render/practice.ts).
 * The maps are drawn in table mm; seen from far (the whole table fitted to a phone is about a
 * third of a pixel a mm) a mark of a few mm would be a pixel, so each mark has a least size in
 * screen pixels. Only marks grow: an end is still a point (its mark is centred on it) and a
 * threat cell is still drawn as its cell, only stronger. No pixi here (the tests read it).
 */

/** Under this many screen pixels a table mm the maps are seen from far (the whole table in view). */
export const FAR_PX_PER_MM = 0.8;

/** The least sizes on screen, in CSS pixels. */
export const MIN_PX = {
  /** an end's mark of the first maneuver, and of the second */
  end1: 7,
  end2: 4.5,
  /** an end's mark on the opportunity map */
  opportunity: 7,
  /** the outline of the ship's base at an end of the first maneuver */
  line1: 1.3,
  /** the dark edge of a first maneuver's mark held at its least size; an opportunity mark's white ring near */
  ring: 1,
  /** the dark edge of a second maneuver's mark, and of an opportunity mark, held at its least size */
  ring2: 0.6,
  /** the ring around the cell or end a tap read */
  tapRing: 14,
} as const;

/** The marks' sizes in table mm (as drawn in the layer) at one zoom. */
export interface MarksLook {
  /** the screen pixels a mm this look was worked out for (a step of quarter octaves when it matters) */
  pxPerMm: number;
  /** seen from far: the second maneuver's ends as marks only (their outlines left out) */
  far: boolean;
  /** what changes the drawing: equal keys, equal drawings */
  key: string;
  end1: number;
  end2: number;
  line1: number;
  line2: number;
  /** alpha of the second maneuver's marks */
  end2Alpha: number;
  /** the outlines of the bases at the second maneuver's ends are drawn */
  ghosts2: boolean;
  ring: number;
  ring2: number;
  opportunity: number;
  opportunityRing: number;
  tapRing: number;
  /**
   * the threat picture's alpha (its cells carry their own alpha: attacked stronger than not): the
   * smaller the cells on screen, the stronger, so that their colours read as the legend's
   */
  heatAlpha: number;
}

/** The threat cells' alpha in the picture, 0-255: attacked, and not attacked (times heatAlpha). */
export const HEAT_CELL_ALPHA = { attacked: 220, none: 120 } as const;

/**
 * The marks' look at `pxPerMm` screen pixels a table mm. Near (every mark above its least size)
 * one look for every zoom, so a zoom draws nothing again; below, the zoom is taken down to a step
 * of a quarter octave (a mark is at least its least size, and within a fifth of it) so a pinch
 * redraws the ends a few times, not at every frame.
 */
export function marksLook(pxPerMm: number): MarksLook {
  const ok = Number.isFinite(pxPerMm) && pxPerMm > 0;
  // above this every least size is met by the mm sizes (the largest: a 3 mm end mark at 7 px)
  const near = !ok || pxPerMm >= MIN_PX.end1 / 3;
  const step = near ? 0 : Math.floor(Math.log2(pxPerMm) * 4);
  const px = near ? MIN_PX.end1 / 3 : 2 ** (step / 4);
  const far = px < FAR_PX_PER_MM;
  const at = (mm: number, minPx: number) => (near ? mm : Math.max(mm, minPx / px));
  return {
    pxPerMm: px,
    far,
    key: near ? 'near' : `step ${step}`,
    end1: at(3, MIN_PX.end1),
    end2: at(3, MIN_PX.end2),
    line1: at(1.2, MIN_PX.line1),
    line2: 0.6,
    end2Alpha: far ? 0.85 : 0.6,
    ghosts2: !far,
    ring: near ? 0 : MIN_PX.ring / px,
    ring2: near ? 0 : MIN_PX.ring2 / px,
    opportunity: at(7, MIN_PX.opportunity),
    opportunityRing: at(0.8, MIN_PX.ring),
    tapRing: at(16, MIN_PX.tapRing),
    heatAlpha: near ? 0.5 : 0.9,
  };
}
