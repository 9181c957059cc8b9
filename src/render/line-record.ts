/**
 * A line as LineSprites.line() was given it (ends, width, colour, alpha, dash phase origin), kept per place in
 * the stack of lines: a line given again with all the same numbers is left as it is.
 */
export const LINE_RECORD = 9;

/** Keep the line's numbers in `l` (LINE_RECORD long). */
export function recordLine(
  l: Float64Array,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  width: number,
  color: number,
  alpha: number,
  px: number,
  py: number,
): void {
  l[0] = ax;
  l[1] = ay;
  l[2] = bx;
  l[3] = by;
  l[4] = width;
  l[5] = color;
  l[6] = alpha;
  l[7] = px;
  l[8] = py;
}

/** Whether `l` holds this line: all the same numbers (a NaN never is). */
export function sameLine(
  l: Float64Array,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  width: number,
  color: number,
  alpha: number,
  px: number,
  py: number,
): boolean {
  return (
    l[0] === ax &&
    l[1] === ay &&
    l[2] === bx &&
    l[3] === by &&
    l[4] === width &&
    l[5] === color &&
    l[6] === alpha &&
    l[7] === px &&
    l[8] === py
  );
}
