/**
 * The quantiles a confidence region needs: chi-square (the noise's sigma known) and F (sigma
 * estimated from the residuals, with so many degrees of freedom). From the regularized incomplete
 * gamma and beta functions (series and continued fractions, as in Numerical Recipes, 6.2 and 6.4),
 * inverted by bisection: a handful of calls per fit, so plainness beats speed.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 digits). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularized lower incomplete gamma P(a, x). */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  const lead = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    // the series
    let sum = 1 / a,
      term = 1 / a;
    for (let n = 1; n < 500 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return sum * lead;
  }
  // the continued fraction for Q(a, x) (modified Lentz)
  let b = x + 1 - a,
    c = 1e300,
    d = 1 / b,
    f = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return 1 - lead * f;
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const qab = a + b,
    qap = a + 1,
    qam = a - 1;
  let c = 1,
    d = 1 - (qab * x) / qap;
  if (Math.abs(d) < 1e-300) d = 1e-300;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 500; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = 1 + aa / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = 1 + aa / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function betaI(a: number, b: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaFraction(a, b, x)) / a
    : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** The x at which an increasing function of x on [0, ∞) reaches p (bisection to 1e-12 relative). */
function invert(cdf: (x: number) => number, p: number): number {
  let lo = 0,
    hi = 1;
  while (cdf(hi) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The p-quantile of chi-square with k degrees of freedom. */
export function chiSquareQuantile(p: number, k: number): number {
  return invert((x) => gammaP(k / 2, x / 2), p);
}

/** The p-quantile of F with (d1, d2) degrees of freedom. */
export function fQuantile(p: number, d1: number, d2: number): number {
  return invert((x) => betaI(d1 / 2, d2 / 2, (d1 * x) / (d1 * x + d2)), p);
}

/**
 * The squared radius, in standard deviations, of a k-parameter confidence region at level p: with
 * the noise's sigma known, the chi-square quantile; with sigma estimated from residuals of `dof`
 * degrees of freedom, k times the F quantile (the estimate's own spread widens the region: with few
 * residuals, much wider).
 */
export function confidenceRadiusSq(p: number, k: number, estimatedDof: number | null): number {
  return estimatedDof === null || !(estimatedDof > 0)
    ? chiSquareQuantile(p, k)
    : k * fQuantile(p, k, estimatedDof);
}
