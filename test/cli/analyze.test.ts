/**
 * The analyze command as a user runs it. Each spawn costs about a second, so only a few:
 * a valid file, a broken file, standard input (valid and broken), a file that is not there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliArgs } from '../cli-bundle';

const ROOT = join(__dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'armada-cli-'));

const table = {
  format: 'armada-table/1',
  table: '3x6',
  ruleset: 'seed',
  ships: [
    { id: 'isd', size: 'large', class: 'imperial', player: 1, x: 600, y: 150, rotation: 0, speed: 2 },
    { id: 'cr90', size: 'small', class: 'cr90', player: 2, x: 640, y: 690, rotation: 200, speed: 4 },
    { id: 'neb', size: 'small', player: 2, x: 900, y: 600, rotation: 180 },
  ],
  squadrons: [{ id: 'tie1', player: 1, x: 650, y: 260 }],
  obstacles: [{ id: 'rock1', type: 'asteroid-a', x: 900, y: 450, rotation: 30 }],
  tokens: [{ id: 'obj1', x: 300, y: 450, radius: 12.5 }],
  proposals: [],
};

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

/** Through npm, as a user types it; or straight through tsx, which is what the npm script runs, to save npm's start-up. */
function run(args: string[], input?: string, viaNpm = false) {
  const [cmd, pre] = viaNpm
    ? ['npm', ['run', '--silent', 'analyze', '--']]
    : [process.execPath, [...cliArgs('analyze')]];
  const r = spawnSync(cmd, [...pre, ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function expectRefusal(r: ReturnType<typeof run>, message: RegExp) {
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
  expect(r.err.endsWith('\n')).toBe(true);
  expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  expect(r.err).toMatch(message);
  expect(r.err).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
}

describe('npm run --silent analyze -- FILE', () => {
  it('a valid file: exit 0, one armada-report/1 JSON on stdout, nothing on stderr', () => {
    const r = run([file('ok.json', JSON.stringify(table))], undefined, true);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.format).toBe('armada-report/1');
    expect(report.ruleset).toBe('seed');
    expect(Object.keys(report.shapes).sort()).toEqual(['cr90', 'isd', 'neb', 'obj1', 'rock1', 'tie1']);
    expect(report.distances).toHaveLength(15);
    for (const k of ['overlaps', 'attacks', 'rift', 'exogorths', 'proposals'])
      expect(Array.isArray(report[k])).toBe(true);
    // printed numbers are rounded to 0.01
    const nums: number[] = [];
    JSON.stringify(report, (_k, v) => (typeof v === 'number' && nums.push(v), v));
    expect(nums.length).toBeGreaterThan(100);
    for (const n of nums) expect(Math.abs(n * 100 - Math.round(n * 100))).toBeLessThan(1e-6);
  });

  it('a broken file: exit 2, one line on stderr naming the field, nothing on stdout', () => {
    const broken = structuredClone(table) as Record<string, unknown> & typeof table;
    (broken.ships[2] as Record<string, unknown>).rotation = 'south';
    expectRefusal(
      run([file('broken.json', JSON.stringify(broken))], undefined, true),
      /^ships\[2\]\.rotation: expected a number/,
    );
  });

  it('standard input with -: a valid table is analysed, a broken one refused', () => {
    const ok = run(['-'], JSON.stringify({ ...table, ships: [], squadrons: [] }));
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out).distances).toHaveLength(1);
    expectRefusal(
      run(
        ['-'],
        '{"format": "armada-table/1", "table": "3x6", "obstacles": [{"id": "a", "type": "moon", "x": 1, "y": 1}]}',
      ),
      /^obstacles\[0\]\.type: unknown value "moon"/,
    );
  });

  it('a file that is not there, or not JSON: exit 2 in one line', () => {
    expectRefusal(run([join(dir, 'missing.json')]), /cannot read the file \(ENOENT\)/);
    expectRefusal(run([file('text.json', 'ships: 3\n')]), /not valid JSON/);
  });
});

describe('input limits and bounded work', () => {
  it('--budget: the photo counts against it: a heavy photo is fitted while the budget lasts, and partial says how far', () => {
    // 200 squadrons, each marked with 200 rim marks (a photo seen square-on at 10 px a millimetre)
    const squadrons = Array.from({ length: 200 }, (_, i) => ({
      id: `q${i}`,
      player: 1 + (i % 2),
      x: 60 + (i % 40) * 42,
      y: 60 + Math.floor(i / 40) * 42,
    }));
    const px = (x: number, y: number, k: number) => [
      x * 10 + 100 + (k % 3) * 0.1,
      y * 10 + 100 - (k % 5) * 0.1,
    ];
    const heavy = {
      format: 'armada-table/1',
      table: '3x6',
      ships: [],
      squadrons,
      obstacles: [],
      tokens: [],
      photo: {
        size: [20000, 10000],
        calibration: [
          [0, 0],
          [1800, 0],
          [0, 900],
          [1800, 900],
          [900, 450],
        ].map(([x, y]) => ({ px: [x * 10 + 100, y * 10 + 100], mm: [x, y] })),
        marks: squadrons.map((q) => ({
          piece: q.id,
          points: 'rim',
          px: Array.from({ length: 200 }, (_, k) =>
            px(q.x + 17.5 * Math.cos((Math.PI * k) / 100), q.y + 17.5 * Math.sin((Math.PI * k) / 100), k),
          ),
        })),
      },
    };
    const r = run(['--budget', '0.3', file('heavy-photo.json', JSON.stringify(heavy))]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    const cut = report.partial.sections.photo;
    expect(cut.asked).toBe(200);
    expect(cut.judged).toBeLessThan(200);
    expect(report.photo).toBeUndefined(); // a photo the budget cut is left out, said in partial
    expect(r.err).toMatch(/sections cut: photo \(\d+ of 200 marked pieces fitted\)/);
  });

  it('an endless standard input (/dev/zero) is refused in one line, quickly, without reading it all', () => {
    const t0 = Date.now();
    const r = spawnSync('sh', ['-c', `exec "${process.execPath}" "${cliArgs('analyze')[0]}" - < /dev/zero`], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    console.log(`/dev/zero refused in ${Date.now() - t0} ms`);
    expectRefusal({ code: r.status, out: r.stdout, err: r.stderr }, /^standard input is larger than 4 MB/);
    expectRefusal(run(['/dev/zero']), /^\/dev\/zero is larger than 4 MB/);
  });

  it('a file over the size limit is refused before it is parsed; reserved and dotted ids are refused naming the piece', () => {
    const big = JSON.stringify({ ...table, padding: 'x'.repeat(5 * 1024 * 1024) });
    expectRefusal(run([file('big.json', big)]), /big\.json is larger than 4 MB/);
    const reserved = structuredClone(table);
    reserved.squadrons[0].id = '__proto__';
    expectRefusal(
      run(['-'], JSON.stringify(reserved)),
      /^squadrons\[0\]\.id: "__proto__" is a reserved name/,
    );
    const dotted = structuredClone(table);
    dotted.squadrons[0].id = 'isd.front';
    expectRefusal(run(['-'], JSON.stringify(dotted)), /^squadrons\[0\]\.id: "isd\.front" holds a dot/);
  });

  it('--budget: work past it is left out, the report says so in `partial`, a line on stderr says so, exit 0', () => {
    const crowd = {
      ...table,
      squadrons: Array.from({ length: 60 }, (_, i) => ({
        id: `q${i}`,
        player: (i % 2) + 1,
        x: 300 + (i % 10) * 40,
        y: 300 + Math.floor(i / 10) * 40,
      })),
      proposals: [{ id: 'p1', kind: 'setup' }],
    };
    const r = run(['--budget', '0.001', '-'], JSON.stringify(crowd));
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^partial report: the budget of 0\.001 s ran out; \d+ of \d+ attacks judged/);
    const report = JSON.parse(r.out);
    expect(report.partial.attacksAsked).toBeGreaterThan(report.partial.attacksJudged);
    expect(report.attacks).toHaveLength(report.partial.attacksJudged);
    expect(report.partial.proposalsNotJudged).toEqual(['p1']);
    expect(report.proposals).toEqual([]);
    expectRefusal(run(['--budget', 'soon', '-'], '{}'), /^--budget: expected seconds/);
  });
});

describe('analyze FILE | head', () => {
  it('a reader that stops early is no error: exit 0, nothing on stderr (was "write EPIPE", exit 1)', async () => {
    const child = spawn(process.execPath, [...cliArgs('analyze'), 'assets/demo-table.json'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    // read the first chunk (the report is about 400 kB: more than a pipe holds), then close, as head does
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(err).toBe('');
    expect(code).toBe(0);
  }, 60_000);
});
