/**
 * Small dense linear algebra for the photo fits (matrices of a few dozen entries): row-major
 * arrays of rows. Plain and unhurried; nothing here runs per frame.
 */
export type Mat = number[][];
export type Vec = number[];

export const zeros = (r: number, c: number): Mat =>
  Array.from({ length: r }, () => new Array<number>(c).fill(0));
export const transpose = (a: Mat): Mat => (a.length === 0 ? [] : a[0].map((_, j) => a.map((row) => row[j])));

export function mul(a: Mat, b: Mat): Mat {
  const out = zeros(a.length, b[0]?.length ?? 0);
  for (let i = 0; i < a.length; i++) {
    for (let k = 0; k < b.length; k++) {
      const v = a[i][k];
      if (v === 0) continue;
      for (let j = 0; j < b[k].length; j++) out[i][j] += v * b[k][j];
    }
  }
  return out;
}

export const mulVec = (a: Mat, v: Vec): Vec => a.map((row) => row.reduce((s, x, j) => s + x * v[j], 0));
export const add = (a: Mat, b: Mat): Mat => a.map((row, i) => row.map((v, j) => v + b[i][j]));
export const scale = (a: Mat, s: number): Mat => a.map((row) => row.map((v) => v * s));

/** AᵀA and Aᵀr for a Jacobian A (rows: residuals) and residuals r. */
export function normal(a: Mat, r: Vec): { ata: Mat; atr: Vec } {
  const n = a[0]?.length ?? 0;
  const ata = zeros(n, n);
  const atr = new Array<number>(n).fill(0);
  for (let k = 0; k < a.length; k++) {
    const row = a[k];
    for (let i = 0; i < n; i++) {
      atr[i] += row[i] * r[k];
      for (let j = 0; j < n; j++) ata[i][j] += row[i] * row[j];
    }
  }
  return { ata, atr };
}

/** The inverse of a square matrix by Gauss-Jordan elimination with partial pivoting; null when singular. */
export function inverse(m: Mat): Mat | null {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  const big = Math.max(1e-300, ...m.flat().map(Math.abs));
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    if (!(Math.abs(a[p][c]) > 1e-13 * big)) return null;
    [a[c], a[p]] = [a[p], a[c]];
    const d = a[c][c];
    for (let j = 0; j < 2 * n; j++) a[c][j] /= d;
    for (let r = 0; r < n; r++) {
      if (r === c || a[r][c] === 0) continue;
      const f = a[r][c];
      for (let j = 0; j < 2 * n; j++) a[r][j] -= f * a[c][j];
    }
  }
  return a.map((row) => row.slice(n));
}

/** Solve m x = b; null when m is singular. */
export function solve(m: Mat, b: Vec): Vec | null {
  const inv = inverse(m);
  return inv ? mulVec(inv, b) : null;
}

/**
 * Eigenvalues (ascending) and unit eigenvectors (as columns: vectors[k] is the k-th) of a
 * symmetric matrix, by cyclic Jacobi rotations.
 */
export function symmetricEigen(m: Mat): { values: Vec; vectors: Vec[] } {
  const n = m.length;
  const a = m.map((r) => [...r]);
  const v: Mat = zeros(n, n).map((row, i) => row.map((_, j): number => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += a[i][j] * a[i][j];
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p][q]) < 1e-300) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1),
          s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k][p],
            akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k],
            aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k][p],
            vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = a.map((_, i) => i).sort((i, j) => a[i][i] - a[j][j]);
  return { values: order.map((i) => a[i][i]), vectors: order.map((i) => v.map((row) => row[i])) };
}

/** The larger eigenvalue of a symmetric 2x2 matrix [[a, b], [b, c]]. */
export function maxEigen2(a: number, b: number, c: number): number {
  const m = (a + c) / 2,
    d = Math.sqrt(((a - c) / 2) ** 2 + b * b);
  return m + d;
}

/**
 * Central-difference Jacobian of f at x: rows are f's outputs, columns x's entries. Steps are
 * relative to each entry (at least `h`), which suits the fits' normalised parameters.
 */
export function jacobian(f: (x: Vec) => Vec, x: Vec, h = 1e-6): Mat {
  const cols: Vec[] = [];
  for (let j = 0; j < x.length; j++) {
    const step = h * Math.max(1, Math.abs(x[j]));
    const xp = [...x],
      xm = [...x];
    xp[j] += step;
    xm[j] -= step;
    const fp = f(xp),
      fm = f(xm);
    cols.push(fp.map((v, i) => (v - fm[i]) / (2 * step)));
  }
  return cols[0] ? cols[0].map((_, i) => cols.map((c) => c[i])) : [];
}

/**
 * Levenberg-Marquardt on residuals r(x) (sum of squares), Jacobian by `jac` (numerical by default), its
 * normal equations by `normal` (JᵀJ and Jᵀr by default; a caller that knows the Jacobian's block shape builds
 * them faster). Returns the minimiser and its residuals; stops when a step lowers the sum by no more than
 * `minGain` of it (default a part in 1e15) or after `iterations`.
 */
export function levenbergMarquardt(
  r: (x: Vec) => Vec,
  x0: Vec,
  opts: {
    iterations?: number;
    jac?: (x: Vec) => Mat;
    normal?: (J: Mat, r: Vec) => { ata: Mat; atr: Vec };
    minGain?: number;
  } = {},
): { x: Vec; residuals: Vec; cost: number } {
  const jac = opts.jac ?? ((x: Vec) => jacobian(r, x));
  const normalOf = opts.normal ?? normal;
  const minGain = opts.minGain ?? 1e-15;
  let x = [...x0];
  let res = r(x);
  let cost = res.reduce((s, v) => s + v * v, 0);
  let lambda = 1e-3;
  for (let it = 0; it < (opts.iterations ?? 100); it++) {
    const J = jac(x);
    const { ata, atr } = normalOf(J, res);
    let improved = false;
    for (let tries = 0; tries < 20; tries++) {
      const damped = ata.map((row, i) => row.map((v, j) => (i === j ? v + lambda * Math.max(v, 1e-12) : v)));
      const step = solve(
        damped,
        atr.map((v) => -v),
      );
      if (!step) {
        lambda *= 10;
        continue;
      }
      const xn = x.map((v, i) => v + step[i]);
      const rn = r(xn);
      const cn = rn.reduce((s, v) => s + v * v, 0);
      if (Number.isFinite(cn) && cn <= cost) {
        const gain = cost - cn;
        x = xn;
        res = rn;
        cost = cn;
        lambda = Math.max(lambda / 10, 1e-12);
        improved = gain > minGain * Math.max(cost, 1e-300);
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  return { x, residuals: res, cost };
}
