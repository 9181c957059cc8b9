/**
 * `npm run --silent bench [-- --json] [--quick] [--thorough]`: how fast the analysis is. The
 * script bundles this file as the app is built (vite, without tsx's per-function naming) and runs
 * the bundle, so it measures the code as it ships.
 *
 * - tournamentMs: median time of a full analysis (World built from the table, every report
 *   section) of a tournament-size table: 10 ships, 24 squadrons, 12 obstacles on 3'x6'. Every
 *   verdict is computed; an attack's explanation (`why`) and the crossing depths in its `lines`
 *   feed no verdict and are written when first read, so they are not in this figure.
 * - tournamentTextMs: the same analysis with every explanation and depth written (each attack's
 *   `why` and every `lines` entry read once), as a caller showing every sentence pays.
 * - tournamentJsonMs: the same with the report serialised by JSON.stringify (the CLI's cost,
 *   less rounding and output).
 * - stressMs: the same for a table five times that size (50 ships, 120 squadrons, 60 obstacles);
 *   one run, as it takes seconds (--thorough: median of three).
 * - dragMs: median time to re-judge the tournament table after one ship moves a step, as while
 *   dragging it across the table (analyzeIncremental from the previous analysis).
 * - baselineRatio: how many times faster the full analysis is than the pair-by-pair baseline
 *   built on @turf/turf and @flatten-js/core (scripts/bench/baseline.ts). The baseline answers the
 *   distance, overlap, firing-arc and attack-range questions (not line of sight); its time is
 *   compared with the full analysis, all sections, so the ratio understates the speed-up. The
 *   answers are checked equal in the same run.
 *
 * - --browser (e2e/perf-drag.spec.ts, chromium, CPU throttled 4x): throttledDragP95Ms, the
 *   re-judge alone per drag step; frameJsP95Ms and frameJsMedianMs, all the app's JavaScript per
 *   drag step (input handlers, re-judge, drawing, panels); taskJsMedianMs, the app's timer tasks
 *   between frames (the verdict list written at the pointer's rest); dragAllocKb, bytes allocated
 *   per step (median, KiB, from the sampling heap profiler in an unthrottled drag), and of it
 *   dragFrameAllocKb, what the frame callbacks and input listeners allocate (the timer tasks' part is in
 *   `browser.dragTaskAllocKb`); warmUpMs, the
 *   JavaScript of the page's warm-up (a drag judged on copies of the table once it opened, throttled
 *   too), which the drag waits for.
 *
 * - reachMapMs: the practice maps' reach (src/rules/practice) of the tournament table's Victory
 *   (p1-ship4, dial 2): every end of two maneuvers at each speed a navigate command allows.
 * - threatMapMs: that reach, then the threat map at 5 mm cells over it (every cell judged with
 *   the rules' attack answers on the table with the Victory moved there), as the worker works it;
 *   practiceFirstPictureMs: the reach and the first pass (every 4th cell each way), what is drawn
 *   first; opportunityMapMs: then what it could attack from each reach end.
 * Tables come from a seeded generator (scripts/bench/tables.ts), so every run measures the same
 * tables. Figures are medians of repeated runs after a warm-up, in wall time; `cpuMs` gives the
 * same medians in this process's CPU time, steadier when other work shares the cores.
 */
import { isDeepStrictEqual } from 'node:util';
import { baselineAnalyze, compareWithBaseline } from './bench/baseline';
import { stressTable, tournamentTable } from './bench/tables';
import { CATALOG } from '../src/model/catalog';
import type { Report } from '../src/model/report';
import type { Ship, Table } from '../src/model/table';
import { analyze } from '../src/rules/report/analyze';
import { analyzeFull, analyzeIncremental, type Analysis } from '../src/rules/report/incremental';
import type { PieceOnLine } from '../src/rules/attacks/los';
import { speedChart } from '../src/model/catalog';
import { disputeOf } from '../src/rules/attacks/dispute';
import { judgeManeuverFan } from '../src/rules/movement/maneuver';
import { purrgilReach } from '../src/rules/campaign/purrgil';
import { setupLegalRegion } from '../src/rules/setup/setup';
import { World } from '../src/rules/world';
import { DEFAULT_CELL_MM, PracticeJob } from '../src/rules/practice/maps';
import { reachMap } from '../src/rules/practice/reach';
import { runBrowserBench, type BrowserBench } from './bench-browser';
import { judgeAll } from '../src/rules/attacks/attacks';
import { attackContext } from '../src/rules/attacks/context';
import { flatKernel } from '../src/rules/attacks/kernel';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const quick = args.includes('--quick');
/** the stress analysis takes seconds: one run by default (the bench stays under a minute), three with --thorough */
const thorough = args.includes('--thorough');
/** --browser: also drag across the tournament table in chromium with the CPU throttled 4x (a phone) */
const browser = args.includes('--browser');
const log = (s: string) => {
  if (!asJson) console.log(s);
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** CPU time of this process, ms: less disturbed than wall time when other work shares the cores. */
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** Run f repeatedly (after a warm-up) until `runs` samples or `budgetMs` spent; wall-time samples, CPU samples in `cpu`. */
function sample(
  f: () => void,
  runs: number,
  budgetMs: number,
  warmup = Math.ceil(runs / 10),
  cpu: number[] = [],
): number[] {
  for (let i = 0; i < warmup; i++) f();
  const out: number[] = [];
  const start = performance.now();
  while (out.length < runs && (out.length < 5 || performance.now() - start < budgetMs)) {
    const c0 = cpuNow(),
      t0 = performance.now();
    f();
    out.push(performance.now() - t0);
    cpu.push(cpuNow() - c0);
  }
  return out;
}

const scale = quick ? 0.2 : 1;
const counts = (t: Table) =>
  `${t.ships.length} ships, ${t.squadrons.length} squadrons, ${t.obstacles.length} obstacles`;
const sizes = (r: Report) =>
  `${r.distances.length} distances, ${r.overlaps.length} overlaps, ${r.attacks.length} attacks, ${r.rift.length} rift, ${r.exogorths.length} exogorths, ${r.proposals.length} proposals`;

// Full analysis of the tournament table
const tournament = tournamentTable(1);
const tReport = analyze(tournament);
const tCpu: number[] = [];
// warm up as an app does that judges again and again: the medians are of the steady state
const tSamples = sample(() => analyze(tournament), Math.round(200 * scale), 3000 * scale, 20, tCpu);
const tournamentMs = median(tSamples);
log(`tournament table (${counts(tournament)}): ${sizes(tReport)}`);
log(
  `  full analysis: median ${tournamentMs.toFixed(3)} ms, p95 ${percentile(tSamples, 95).toFixed(3)} ms, CPU median ${median(tCpu).toFixed(3)} ms (${tSamples.length} runs)`,
);
/** Read every lazily written field of the attacks: each why and each line entry's figures. */
function readAllText(r: Report): number {
  let n = 0;
  for (const a of r.attacks) {
    n += a.why.length;
    for (const l of (a.lines as PieceOnLine[] | undefined) ?? []) n += l.depthMm ?? 0;
  }
  return n;
}
const textSamples = sample(() => readAllText(analyze(tournament)), Math.round(100 * scale), 2000 * scale, 3);
const tournamentTextMs = median(textSamples);
const jsonSamples = sample(
  () => JSON.stringify(analyze(tournament)),
  Math.round(100 * scale),
  2000 * scale,
  3,
);
const tournamentJsonMs = median(jsonSamples);
log(
  `  with every explanation written: median ${tournamentTextMs.toFixed(3)} ms; and serialised (JSON.stringify): median ${tournamentJsonMs.toFixed(3)} ms`,
);

// Full analysis of the stress table
// The stress analysis takes seconds: one run (three with --thorough); the first also gives the report.
const stress = stressTable(1);
let sReport!: Report;
const sSamples: number[] = [],
  sCpu: number[] = [];
for (let i = 0; i < (thorough ? 3 : 1); i++) {
  const c0 = cpuNow(),
    t0 = performance.now();
  sReport = analyze(stress);
  sSamples.push(performance.now() - t0);
  sCpu.push(cpuNow() - c0);
}
const stressMs = median(sSamples);
log(`stress table (${counts(stress)}): ${sizes(sReport)}`);
log(
  `  full analysis: median ${stressMs.toFixed(3)} ms, CPU ${median(sCpu).toFixed(3)} ms (${sSamples.length} run${sSamples.length > 1 ? 's' : ''}; --thorough for three)`,
);

// Dragging one ship across the tournament table: re-judge after each step
function dragPath(table: Table, steps: number): Table[] {
  const mid = table.ships.reduce((best, s) => (Math.abs(s.y - 457) < Math.abs(best.y - 457) ? s : best));
  const out: Table[] = [];
  for (let k = 0; k < steps; k++) {
    const f = k / (steps - 1);
    const moved: Ship = {
      ...mid,
      x: 250 + 1300 * f,
      y: mid.y + 120 * Math.sin(f * 6 * Math.PI),
      rotation: mid.rotation + 30 * f,
    };
    out.push({ ...table, ships: table.ships.map((s) => (s === mid ? moved : s)) });
  }
  return out;
}
const path = dragPath(tournament, Math.round(60 * scale) + 1);
const dSamples: number[] = [],
  dCpu: number[] = [];
// round 0 warms up; rounds 1-2 are timed; the check against full analyses runs afterwards, so
// its garbage does not land in the timed steps
for (let round = 0; round < 3; round++) {
  let prev: Analysis = analyzeFull(path[0]);
  for (let k = 1; k < path.length; k++) {
    const c0 = cpuNow(),
      t0 = performance.now();
    const next = analyzeIncremental(prev, path[k]);
    const dt = performance.now() - t0,
      dc = cpuNow() - c0;
    if (round > 0) {
      dSamples.push(dt);
      dCpu.push(dc);
    }
    prev = next;
  }
}
let dragMismatches = 0,
  dragChecked = 0;
const checkEvery = Math.max(1, Math.floor((path.length - 1) / 4));
{
  let prev: Analysis = analyzeFull(path[0]);
  for (let k = 1; k < path.length; k++) {
    prev = analyzeIncremental(prev, path[k]);
    // about four steps checked, the last among them (a --quick path is 12 steps long)
    if (k % checkEvery !== 0 && k !== path.length - 1) continue;
    dragChecked++;
    // deep equality for the verdicts, JSON for the explanations written on first read
    const full = analyze(path[k]);
    if (!isDeepStrictEqual(prev.report, full) || JSON.stringify(prev.report) !== JSON.stringify(full))
      dragMismatches++;
  }
}
const dragMs = median(dSamples);
log(`drag: one ship across the tournament table, ${path.length - 1} steps`);
log(
  `  re-judge after a step: median ${dragMs.toFixed(3)} ms, p95 ${percentile(dSamples, 95).toFixed(3)} ms, CPU median ${median(dCpu).toFixed(3)} ms; ` +
    `${dragChecked - dragMismatches}/${dragChecked} checked steps equal to a full analysis`,
);

// Baseline: the same questions pair by pair with library calls. The machine is shared, so the
// ratio is a median of rounds, each timing the baseline and then the analysis in CPU time, side by
// side in this process: a slow spell then slows both sides of one round.
const base = baselineAnalyze(tournament);
const cmp = compareWithBaseline(tReport, base, CATALOG.ruler.distance, CATALOG.ruler.range);
const bSamples: number[] = [],
  bCpu: number[] = [],
  ratios: number[] = [],
  wallRatios: number[] = [];
for (let round = 0; round < (quick ? 3 : 5); round++) {
  const c0 = cpuNow(),
    t0 = performance.now();
  baselineAnalyze(tournament);
  const bw = performance.now() - t0,
    bc = cpuNow() - c0;
  const aCpu: number[] = [];
  const aw = median(sample(() => analyze(tournament), 15, 0, 2, aCpu));
  bSamples.push(bw);
  bCpu.push(bc);
  ratios.push(bc / median(aCpu));
  wallRatios.push(bw / aw);
}
const baselineMs = median(bSamples);
const baselineRatio = median(ratios);
log(
  `baseline (@turf/turf booleans + @flatten-js/core distanceTo and intersect, pair by pair; distances, overlaps, arcs, ranges): median ${baselineMs.toFixed(1)} ms`,
);
log(
  `  answers: ${cmp.compared} compared, ${cmp.borderline} within the tolerance band skipped, ${cmp.mismatches.length} mismatches`,
);
for (const m of cmp.mismatches.slice(0, 10)) log(`    ${m}`);
log(
  `  full analysis is ${baselineRatio.toFixed(0)}x faster (median of ${ratios.length} alternating rounds, CPU time; wall ${median(wallRatios).toFixed(0)}x)`,
);

// The flat attack kernel (src/rules/attacks/kernel.ts) against today's code it stands beside
// (judgeLos, measureRange): every attack of the three tournament tables judged (judgeAll on a new World that keeps
// the pieces' shapes), with the kernel and without, alternating in rounds in CPU time; kernelRatio
// is the kernel's time over the reference's (below 1: the kernel is faster). The answers are
// checked equal, as JSON, in the same run.
const kTables = [1, 2, 3].map((seed) => tournamentTable(seed));
const kWorlds = kTables.map((t) => new World(t, CATALOG));
const judgeTables = () => {
  for (let i = 0; i < kTables.length; i++)
    judgeAll(attackContext(new World(kTables[i], CATALOG, kWorlds[i])));
};
const kernelCpu: number[] = [],
  referenceCpu: number[] = [],
  kernelRatios: number[] = [];
for (let round = 0; round < (quick ? 3 : 7); round++) {
  const timed = (on: boolean) => {
    flatKernel.on = on;
    const cpu: number[] = [];
    sample(judgeTables, 7, 0, 2, cpu);
    return median(cpu) / kTables.length;
  };
  const r = timed(false),
    k = timed(true);
  referenceCpu.push(r);
  kernelCpu.push(k);
  kernelRatios.push(k / r);
}
flatKernel.on = false;
const kernelReference = kTables.map((t) => JSON.stringify(analyze(t).attacks));
flatKernel.on = true;
const kernelAgrees = kTables.every((t, i) => JSON.stringify(analyze(t).attacks) === kernelReference[i]);
const kernelRatio = median(kernelRatios);
log(
  `flat attack kernel: every attack of a tournament table judged in CPU median ${median(kernelCpu).toFixed(3)} ms ` +
    `with the kernel, ${median(referenceCpu).toFixed(3)} ms with today's code: kernelRatio ${kernelRatio.toFixed(3)} ` +
    `(median of ${kernelRatios.length} alternating rounds); the same attacks as JSON: ${kernelAgrees ? 'yes' : 'NO'}`,
);

// Regions and views that follow a drag (goals: regions < 50 ms, the dispute pair < 2 ms, the fan < 16 ms)
const tWorld = new World(tournament, CATALOG);
/** the next obstacle: an asteroid, turned so that nothing lines up with the table's axes */
const nextType = 'asteroid-b' as const;
// following a drag: one obstacle moved a step each sample (its type and rotation kept), a new World
// each time, as the app sees it; cold: a new rotation of the next obstacle each sample (nothing cached)
const setupCpu: number[] = [],
  setupColdCpu: number[] = [];
let setupStep = 0;
const movedObstacle = (k: number): Table => ({
  ...tournament,
  obstacles: tournament.obstacles.map((o, i) =>
    i === 0 ? { ...o, x: o.x + 3 * (k % 40), y: o.y + 1.5 * (k % 40) } : o,
  ),
});
const setupSamples = sample(
  () => setupLegalRegion(new World(movedObstacle(++setupStep), CATALOG), { type: nextType, rotation: 37 }),
  quick ? 5 : 15,
  0,
  2,
  setupCpu,
);
const setupRegionMs = median(setupSamples);
let coldRotation = 100;
const setupColdSamples = sample(
  () => setupLegalRegion(tWorld, { type: nextType, rotation: coldRotation++ }),
  quick ? 2 : 5,
  0,
  0,
  setupColdCpu,
);
const setupRegionColdMs = median(setupColdSamples);
log(
  `setup legal region for the next obstacle (${nextType} at 37 degrees, ${tournament.obstacles.length} obstacles on the table), an obstacle dragged: ` +
    `median ${setupRegionMs.toFixed(1)} ms, CPU ${median(setupCpu).toFixed(1)} ms; a new next obstacle or rotation (nothing cached): median ${setupRegionColdMs.toFixed(1)} ms, CPU ${median(setupColdCpu).toFixed(1)} ms`,
);
const purrgil = tournament.obstacles.find((o) => o.type.startsWith('purrgil'));
const reachCpu: number[] = [];
const reachSamples = purrgil
  ? sample(() => purrgilReach(tWorld, purrgil.id, 2), quick ? 3 : 7, 0, 1, reachCpu)
  : [NaN];
const reachMs = median(reachSamples);
log(
  `purrgil reach (${purrgil?.id}, distance 2, every other piece a hole): median ${reachMs.toFixed(1)} ms, CPU ${median(reachCpu).toFixed(1)} ms`,
);
// the dispute view's card and loupes for one pair: disputeOf on an attack of the analysis, every attack in turn
const pairCpu: number[] = [];
let pairIdx = 0;
const pairSamples = sample(
  () => {
    disputeOf(tWorld, tReport.attacks[pairIdx++ % tReport.attacks.length]);
  },
  400,
  1000 * scale,
  40,
  pairCpu,
);
const pairMs = median(pairSamples);
log(
  `dispute card and loupes for one pair (disputeOf, each of the ${tReport.attacks.length} attacks in turn): median ${pairMs.toFixed(3)} ms, p95 ${percentile(pairSamples, 95).toFixed(3)} ms`,
);
// the maneuver fan of one ship: every speed of its chart, every allowed click list, both sides
const fanShip = tournament.ships.reduce((b, s) => (Math.abs(s.y - 457) < Math.abs(b.y - 457) ? s : b));
const chart = speedChart(CATALOG, fanShip.class);
const fanSpeeds = chart ? chart.length : 4;
let fanLists = 0;
const fanCpu: number[] = [];
const fanSamples = sample(
  () => {
    fanLists = 0;
    for (let speed = 1; speed <= fanSpeeds; speed++) {
      for (const side of ['left', 'right'] as const) {
        const r = judgeManeuverFan(
          tWorld,
          { id: 'fan', kind: 'maneuver-fan', ship: fanShip.id, speed, side },
          chart,
        );
        fanLists += (r.maneuvers as unknown[]).length;
      }
    }
  },
  30,
  2000 * scale,
  3,
  fanCpu,
);
const fanMs = median(fanSamples);
log(
  `maneuver fan of ${fanShip.id} (${fanShip.class ?? 'no class'}; speeds 1-${fanSpeeds}, both sides, ${fanLists} click lists): median ${fanMs.toFixed(2)} ms, CPU ${median(fanCpu).toFixed(2)} ms`,
);

// Practice maps (#28): a Victory of the tournament table (p1-ship4, its dial set to 2, the top of its chart):
// its two-round reach, then the threat map at PRACTICE_CELL_MM over the reach, as the worker works them
const PRACTICE_CELL_MM = DEFAULT_CELL_MM;
const victory = tournament.ships.find((s) => s.class === 'victory')!;
const pTable: Table = {
  ...tournament,
  ships: tournament.ships.map((s) => (s === victory ? { ...s, speed: 2 } : s)),
};
const pWorld = new World(pTable, CATALOG);
const reachMapCpu: number[] = [];
let reachEnds = 0;
const reachMapSamples = sample(
  () => {
    reachEnds = reachMap(pWorld, victory.id).ends.length;
  },
  quick ? 3 : 9,
  0,
  1,
  reachMapCpu,
);
const reachMapMs = median(reachMapSamples);
const threatMapCpu: number[] = [],
  firstPictureCpu: number[] = [],
  firstPictureSamples: number[] = [],
  opportunityCpu: number[] = [],
  opportunitySamples: number[] = [];
let practiceCells = 0,
  coarseCells = 0;
const threatMapSamples = sample(
  () => {
    const c0 = cpuNow(),
      t0 = performance.now();
    const job = new PracticeJob(pWorld, victory.id, { cellMm: PRACTICE_CELL_MM, over: 'reach' });
    job.threatStep(Infinity, 0);
    firstPictureSamples.push(performance.now() - t0);
    firstPictureCpu.push(cpuNow() - c0);
    while (!job.threatDone) job.threatStep(256);
    practiceCells = job.grid.order.length;
    coarseCells = job.grid.passEnds[0];
    const c1 = cpuNow(),
      t1 = performance.now();
    while (!job.opportunityDone) job.opportunityStep(64);
    opportunitySamples.push(performance.now() - t1);
    opportunityCpu.push(cpuNow() - c1);
  },
  quick ? 2 : 5,
  0,
  1,
  threatMapCpu,
);
// the threat figure: reach and every cell (the opportunities timed apart)
const threatMapMs = median(
  threatMapSamples.map(
    (t, i) => t - opportunitySamples[i + (opportunitySamples.length - threatMapSamples.length)],
  ),
);
const firstPictureMs = median(firstPictureSamples.slice(-threatMapSamples.length));
const opportunityMs = median(opportunitySamples.slice(-threatMapSamples.length));
log(
  `practice maps of ${victory.id} (victory, dial 2): reach of two rounds, ${reachEnds} ends: median ${reachMapMs.toFixed(1)} ms, CPU ${median(reachMapCpu).toFixed(1)} ms`,
);
log(
  `  threat map at ${PRACTICE_CELL_MM} mm cells over the reach (${practiceCells} cells; first picture: the reach and ${coarseCells} cells every ${4 * PRACTICE_CELL_MM} mm): ` +
    `complete median ${threatMapMs.toFixed(0)} ms (reach included), first picture median ${firstPictureMs.toFixed(0)} ms; opportunity of every end: median ${opportunityMs.toFixed(0)} ms`,
);

let browserRun: BrowserBench | null = null;
if (browser) {
  log(
    'browser: dragging a ship across the tournament table in chromium, CPU throttled 4x (builds the app first)...',
  );
  browserRun = await runBrowserBench(4);
  log(
    `  whole table re-judged per step: median ${browserRun.analysisMedianMs.toFixed(1)} ms, p95 ${browserRun.analysisP95Ms.toFixed(1)} ms; ` +
      `frames median ${browserRun.frameMedianMs.toFixed(1)} ms, p95 ${browserRun.frameP95Ms.toFixed(1)} ms`,
  );
  log(
    `  the app's JavaScript per drag step (judge + draw + panels): median ${browserRun.frameJsMedianMs.toFixed(1)} ms, ` +
      `p95 ${browserRun.frameJsP95Ms.toFixed(1)} ms (goal < 16); allocated per step: median ${browserRun.dragAllocKb.toFixed(0)} KiB (goal < 300)`,
  );
  log(
    `  of the allocation, medians a step: the frame's ${browserRun.dragFrameAllocKb.toFixed(0)} KiB, ` +
      `the timer tasks' ${browserRun.dragTaskAllocKb.toFixed(0)} KiB`,
  );
  log(
    `  between frames (the verdict list at the pointer's rest): median ${browserRun.taskJsMedianMs.toFixed(1)} ms, ` +
      `p95 ${browserRun.taskJsP95Ms.toFixed(1)} ms a step`,
  );
  log(
    `  the warm-up before the drag (a drag judged on copies of the table once it opened): ` +
      `${browserRun.warmUpMs === null ? 'none' : `${browserRun.warmUpMs.toFixed(0)} ms`} of JavaScript`,
  );
}

const result = {
  tournamentMs,
  stressMs,
  dragMs,
  baselineRatio,
  kernelRatio,
  kernelMs: median(kernelCpu),
  kernelReferenceMs: median(referenceCpu),
  kernelRatioRounds: kernelRatios,
  kernelAgrees,
  reachMapMs,
  threatMapMs,
  practiceFirstPictureMs: firstPictureMs,
  opportunityMapMs: opportunityMs,
  practice: {
    ship: victory.id,
    class: 'victory',
    dial: 2,
    cellMm: PRACTICE_CELL_MM,
    over: 'reach',
    ends: reachEnds,
    cells: practiceCells,
    firstPictureCells: coarseCells,
    cpuMs: {
      reachMap: median(reachMapCpu),
      threatMapWithOpportunity: median(threatMapCpu),
      firstPicture: median(firstPictureCpu),
      opportunity: median(opportunityCpu),
    },
  },
  setupRegionMs,
  setupRegionColdMs,
  reachMs,
  pairMs,
  fanMs,
  throttledDragP95Ms: browserRun ? browserRun.analysisP95Ms : null,
  throttledFrameP95Ms: browserRun ? browserRun.frameP95Ms : null,
  frameJsP95Ms: browserRun ? browserRun.frameJsP95Ms : null,
  frameJsMedianMs: browserRun ? browserRun.frameJsMedianMs : null,
  taskJsMedianMs: browserRun ? browserRun.taskJsMedianMs : null,
  dragAllocKb: browserRun ? browserRun.dragAllocKb : null,
  dragFrameAllocKb: browserRun ? browserRun.dragFrameAllocKb : null,
  warmUpMs: browserRun ? browserRun.warmUpMs : null,
  browser: browserRun,
  tournamentTextMs,
  tournamentJsonMs,
  tournamentP95Ms: percentile(tSamples, 95),
  stressP95Ms: percentile(sSamples, 95),
  dragP95Ms: percentile(dSamples, 95),
  baselineMs,
  cpuMs: {
    tournament: median(tCpu),
    stress: median(sCpu),
    drag: median(dCpu),
    baseline: median(bCpu),
    setupRegion: median(setupCpu),
    setupRegionCold: median(setupColdCpu),
    reach: median(reachCpu),
    pair: median(pairCpu),
    fan: median(fanCpu),
  },
  baselineRatioRounds: ratios,
  baselineRatioWall: median(wallRatios),
  fan: { ship: fanShip.id, class: fanShip.class ?? null, speeds: fanSpeeds, clickLists: fanLists },
  setupRegion: { next: nextType, rotation: 37 },
  reach: { obstacle: purrgil?.id ?? null, maxDistance: 2 },
  baselineSections: ['distances', 'overlaps', 'attacks: firing arc and range'],
  baselineAgrees: cmp.mismatches.length === 0,
  baselineCompared: cmp.compared,
  baselineBorderline: cmp.borderline,
  baselineMismatches: cmp.mismatches.slice(0, 20),
  // no step checked is no agreement shown
  incrementalAgrees: dragChecked > 0 && dragMismatches === 0,
  incrementalChecked: dragChecked,
  tables: {
    tournament: {
      ships: tournament.ships.length,
      squadrons: tournament.squadrons.length,
      obstacles: tournament.obstacles.length,
      seed: 1,
    },
    stress: {
      ships: stress.ships.length,
      squadrons: stress.squadrons.length,
      obstacles: stress.obstacles.length,
      seed: 1,
    },
  },
  runs: {
    setupRegion: setupSamples.length,
    setupRegionCold: setupColdSamples.length,
    reach: reachSamples.length,
    pair: pairSamples.length,
    fan: fanSamples.length,
    tournament: tSamples.length,
    tournamentText: textSamples.length,
    tournamentJson: jsonSamples.length,
    stress: sSamples.length,
    drag: dSamples.length,
    baseline: bSamples.length,
  },
  node: process.version,
  quick,
  thorough,
  browserRan: browser,
};
if (asJson) process.stdout.write(JSON.stringify(result) + '\n');
if (!result.baselineAgrees || !result.incrementalAgrees || !result.kernelAgrees) process.exitCode = 1;
