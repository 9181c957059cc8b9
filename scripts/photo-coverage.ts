/**
 * How often a photo's stated 99% bound covers the real error, over many synthetic photos (random
 * cameras, test/photo/coverage.ts): tap-only marks at 1, 2 and 4 px, and marks that claim their own
 * precision. Prints a markdown table per case; the unit suite keeps smaller fixed samples.
 *
 *   npx tsx scripts/photo-coverage.ts [--n 1000]
 */
import { coverage, KINDS, type Noise, quantile, tapped } from '../test/photo/coverage';

const arg = process.argv.indexOf('--n');
const N = arg >= 0 ? Number(process.argv[arg + 1]) : 1000;
if (!(Number.isInteger(N) && N > 0)) throw new Error(`--n: expected a whole number above 0`);

const cases: [string, Noise][] = [
  ['taps, 1 px', tapped(1)],
  ['taps, 2 px', tapped(2)],
  ['taps, 4 px', tapped(4)],
  ['refined 0.15 px, claimed', tapped(0.15, 0.15)],
  [
    'refined pieces 0.15 px, calibration tapped 1 px',
    { cal: { sigma: 1 }, piece: { sigma: 0.15, claim: 0.15 } },
  ],
  ['claiming 0.2 px, off by 1 px', tapped(1, 0.2)],
];

console.log(`${N} synthetic photos per case (each: a ship, a squadron, an obstacle, a token)\n`);
console.log('| case | piece | inside the 99% bound | error median mm | bound median mm |');
console.log('| --- | --- | --- | --- | --- |');
for (const [i, [name, noise]] of cases.entries()) {
  const c = coverage(noise, N, 90_000 + i);
  let inside = 0;
  for (const k of KINDS) {
    const r = c.by[k];
    inside += r.inside;
    console.log(
      `| ${name} | ${k} | ${r.inside}/${c.n} (${((100 * r.inside) / c.n).toFixed(1)}%) | ` +
        `${quantile(r.errors, 0.5).toFixed(3)} | ${quantile(r.bounds, 0.5).toFixed(3)} |`,
    );
  }
  console.log(`| ${name} | all | ${inside}/${4 * c.n} (${((100 * inside) / (4 * c.n)).toFixed(2)}%) | | |`);
}
