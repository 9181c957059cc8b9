/**
 * A default for a class's targeting points where none are measured, from its hull-zone geometry.
 *
 * The five measured classes (armada-geometry.md section 7) put the front and rear points on the
 * centreline about 11.2% and 10.5% of the token's length in from the front and rear edges, and
 * the side points 63% of the half-width out from the centreline, halfway along the side's
 * stretch of the token between its front and rear arc lines. The rule reproduces the five
 * measured points within 1 mm, but the Assault Frigate Mk II's side point (about 8 mm further
 * back: test/model/catalog-classes.test.ts prints each difference). A point never lies deeper into its
 * zone than halfway to where the zone's arc lines meet, so it stays inside the zone.
 */
export const ESTIMATE_RULE = {
  frontFraction: 0.112,
  rearFraction: 0.105,
  sideFraction: 0.63,
} as const;

/** Arc figures on a token of a given length: mm from its front (rear) edge. */
export interface ArcFiguresMm {
  frontOffset: number;
  frontConj: number;
  rearOffset: number;
  rearConj: number;
  /** huge ships: where the forward and rear side zones meet, mm back from the front edge */
  sideSplit?: number;
}

export interface EstimatedPoints {
  front: number;
  rear: number;
  side: [number, number];
  /** huge ships: the rear side pair (`side` is then the forward pair) */
  sideRear?: [number, number];
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/** Targeting points (mm from the token's front edge; side = [offset from centreline, mm from front]). */
export function estimateTargetingPoints(
  a: ArcFiguresMm,
  token: { width: number; length: number },
): EstimatedPoints {
  const L = token.length;
  const front = Math.min(ESTIMATE_RULE.frontFraction * L, a.frontConj / 2);
  const rear = L - Math.min(ESTIMATE_RULE.rearFraction * L, a.rearConj / 2);
  const sx = r2((ESTIMATE_RULE.sideFraction * token.width) / 2);
  const frontSide = a.frontOffset,
    rearSide = L - a.rearOffset;
  if (a.sideSplit === undefined)
    return { front: r2(front), rear: r2(rear), side: [sx, r2((frontSide + rearSide) / 2)] };
  return {
    front: r2(front),
    rear: r2(rear),
    side: [sx, r2((frontSide + a.sideSplit) / 2)],
    sideRear: [sx, r2((a.sideSplit + rearSide) / 2)],
  };
}
