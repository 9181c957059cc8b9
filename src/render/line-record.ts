/**
 * A line as LineSprites.line() is given it, its numbers in a Float64Array: ends, width, colour, alpha, dash
 * phase origin (see the field names). Kept per place in the stack of lines: a line given again with all the
 * same numbers is left as it is. Numbers in an array, not arguments: a call passes each fractional number
 * boxed, made anew (every attack line at every drag step).
 */
export const LINE_RECORD = 9;
/** the fields' places: ends (a, b), width, colour, alpha, the point the dashes' phase counts from (p) */
export const AX = 0,
  AY = 1,
  BX = 2,
  BY = 3,
  WIDTH = 4,
  COLOR = 5,
  ALPHA = 6,
  PX = 7,
  PY = 8;

/** Keep the line `m` in `l` (both LINE_RECORD long). */
export function recordLine(l: Float64Array, m: Float64Array): void {
  for (let i = 0; i < LINE_RECORD; i++) l[i] = m[i];
}

/** Whether `l` holds the line `m`: all the same numbers (a NaN never is). */
export function sameLine(l: Float64Array, m: Float64Array): boolean {
  for (let i = 0; i < LINE_RECORD; i++) if (l[i] !== m[i]) return false;
  return true;
}
