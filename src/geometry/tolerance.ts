/**
 * The one tolerance for touching and grazing, in millimetres.
 *
 * Two shapes whose boundaries come within this distance of each other, without either reaching
 * more than this distance into the other, are touching. A line that comes within this distance
 * of a shape without passing more than this distance inside it grazes that shape.
 *
 * It is half the report's printing step (0.01 mm), so two pieces whose printed figures say they
 * touch are judged touching, while 0.01 mm of gap or of overlap is always decided.
 */
export const TOLERANCE_MM = 0.005;
