/**
 * hypot(x, y): the same number as Math.hypot(x, y), bit for bit, without its cost. V8's
 * Math.hypot is a builtin taking any number of arguments: optimised code calls it and it
 * allocates (a list of the arguments and a boxed result) on every call, which on the attack
 * analysis's inner loops is a large share of all garbage. This is V8's own algorithm (largest
 * magnitude first, normalised squares added with Kahan summation, square root, scaled back),
 * written for two numbers; test/geometry/hypot.test.ts checks it equal to Math.hypot.
 */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x),
    ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (ax !== ax || ay !== ay) return NaN;
  const max = ax > ay ? ax : ay;
  if (max === 0) return 0;
  let sum = 0,
    comp = 0;
  let n = ax / max;
  let s = n * n - comp;
  let pre = sum + s;
  comp = pre - sum - s;
  sum = pre;
  n = ay / max;
  s = n * n - comp;
  pre = sum + s;
  sum = pre;
  return Math.sqrt(sum) * max;
}
