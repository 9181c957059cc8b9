/**
 * The message line after a maneuver is executed (src/ui/maneuver-words.ts): the ship, the ships dealt
 * damage and the squadrons it lands on by the names the table gives them (src/model/names.ts), an
 * obstacle and an unnamed squadron by their ids. Reports from the rules, on tables built so the
 * answer is known.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/model/catalog';
import { namer } from '../../src/model/names';
import { validateTable, type Table } from '../../src/model/table';
import { judgeManeuver } from '../../src/rules/movement/maneuver';
import { World } from '../../src/rules/world';
import { executedText, turnWords, verdictHtml } from '../../src/ui/maneuver-words';
import { extreme } from '../support/campaign';

const L = CATALOG.maneuverTool.jointLength.value;
const M = CATALOG.shipSizes.medium,
  S = CATALOG.shipSizes.small;

const table = (over: Partial<Table>): Table =>
  validateTable({
    format: 'armada-table/1',
    table: '3x6',
    ships: [],
    squadrons: [],
    obstacles: [],
    tokens: [],
    ...over,
  });

const executed = (t: Table, ship: string, speed: number, clicks: number[]) =>
  executedText(
    judgeManeuver(new World(t), { id: 'm', kind: 'maneuver', ship, speed, clicks, side: 'right' }, null),
    namer(t),
  );

describe('the executed maneuver in words', () => {
  it('a Victory that would overlap a CR90: both by their names, dealt damage; no id', () => {
    const front = 300 + 2 * L + M.base.length / 2 + M.dialFrame.protrusion;
    const t = table({
      ships: [
        { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 600, y: 300, rotation: 0, speed: 2 },
        {
          id: 'p2-cr',
          size: 'small',
          class: 'cr90',
          name: 'Jainas Light',
          player: 2,
          x: 600,
          y: front - 5 + S.base.length / 2 + S.dialFrame.protrusion,
          rotation: 0,
          speed: 2,
        },
      ],
    });
    const text = executed(t, 'vsd', 2, [0, 0]);
    expect(text).toMatch(/^Victory executed speed 2 \(joints 1: –, 2: –\)\./);
    expect(text).toContain('Victory and Jainas Light are each dealt a facedown damage card.');
    expect(text).not.toMatch(/\bvsd\b|p2-cr/);
    // one ship dealt damage (the words alone: the report given with one): "is", not "are each"
    const report = judgeManeuver(
      new World(t),
      { id: 'm', kind: 'maneuver', ship: 'vsd', speed: 2, clicks: [0, 0], side: 'right' },
      null,
    );
    expect(executedText({ ...report, damaged: ['p2-cr'] }, namer(t))).toContain(
      'Jainas Light is dealt a facedown damage card.',
    );
  });

  it('a ship on an asteroid: the obstacle keeps its id; two alike ships numbered as their labels are', () => {
    const t = table({
      ships: [
        { id: 'a1', size: 'small', class: 'cr90', player: 1, x: 600, y: 300, rotation: 0, speed: 1 },
        { id: 'a2', size: 'small', class: 'cr90', player: 1, x: 1200, y: 300, rotation: 0, speed: 1 },
      ],
      obstacles: [{ id: 'asteroid-b', type: 'asteroid-b', x: 600, y: 300 + L, rotation: 0 }],
    });
    const text = executed(t, 'a1', 1, [0]);
    expect(text).toMatch(/^CR90 1 executed speed 1 \(joints 1: –\)\. asteroid-b: /);
    expect(text).not.toMatch(/\ba1\b/);
  });

  it('squadrons it lands on: a named one by its name, an unnamed one by its id', () => {
    const t = table({
      ships: [
        { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 600, y: 300, rotation: 0, speed: 1 },
      ],
      squadrons: [
        { id: 'sq-howl', name: 'Howlrunner', player: 2, x: 620, y: 300 + L },
        { id: 'sq2', player: 2, x: 585, y: 300 + L + 10 },
      ],
    });
    const text = executed(t, 'vsd', 1, [0]);
    expect(text).toMatch(/Howlrunner goes to \(\d+\.\d\d, \d+\.\d\d\)/);
    expect(text).toMatch(/sq2 goes to \(/);
    expect(text).not.toMatch(/sq-howl|\bvsd\b/);
  });
});

describe("the planned maneuver's verdict block", () => {
  /** A Victory straight at speed 2, a CR90 standing `gap` mm beyond where its footprint ends. */
  const endsNear = (gap: number) => {
    const front = 300 + 2 * L + M.base.length / 2 + M.dialFrame.protrusion;
    const t = table({
      ships: [
        { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 600, y: 300, rotation: 0, speed: 2 },
        {
          id: 'p2-cr',
          size: 'small',
          class: 'cr90',
          name: 'Jainas Light',
          player: 2,
          x: 600,
          y: front + gap + S.base.length / 2 + S.dialFrame.protrusion,
          rotation: 0,
          speed: 2,
        },
      ],
    });
    return {
      t,
      m: judgeManeuver(
        new World(t),
        { id: 'm', kind: 'maneuver', ship: 'vsd', speed: 2, clicks: [0, 0], side: 'right' },
        null,
      ),
    };
  };

  it('a clean maneuver ending 0.50 mm short of a ship says so, and that it is too close to call at 1 mm', () => {
    const { t, m } = endsNear(0.5);
    expect(m.nearMisses.map((n) => [n.piece, n.gapMm.toFixed(2)])).toEqual([['p2-cr', '0.50']]);
    const html = verdictHtml(m, namer(t), 1);
    expect(html).toContain('<b>clean</b> · <b class="close-call">too close to call</b>');
    expect(html).toContain(
      'ends 0.50 mm clear of Jainas Light (too close to call at 1.00 mm placement precision)',
    );
    // a finer placement: the miss is listed, not too close
    const fine = verdictHtml(m, namer(t), 0.25);
    expect(fine).toContain('ends 0.50 mm clear of Jainas Light</li>');
    expect(fine).not.toContain('close-call');
  });

  it("only a frame on an asteroid, the base 0.03 mm short: the words say the frame is an estimate and the base's gap", () => {
    // an Imperial straight at speed 1; the asteroid's lowest corner 0.03 mm ahead of where its base's front edge ends
    const Lg = CATALOG.shipSizes.large;
    const rockY = 150 + L + Lg.base.length / 2 + 0.03;
    const [vx, vy] = extreme('asteroid-a', 0, 'bottom');
    const t = table({
      ships: [
        { id: 'isd', size: 'large', class: 'imperial', player: 1, x: 600, y: 150, rotation: 0, speed: 1 },
      ],
      obstacles: [{ id: 'rock', type: 'asteroid-a', x: 600 - vx, y: rockY - vy, rotation: 0 }],
    });
    const m = judgeManeuver(
      new World(t),
      { id: 'm', kind: 'maneuver', ship: 'isd', speed: 1, clicks: [0], side: 'right' },
      null,
    );
    expect(m.obstacles.map((o) => [o.part, o.depthMm.toFixed(2), o.baseGapMm?.toFixed(2)])).toEqual([
      ['dial frame', '3.97', '0.03'],
    ]);
    const html = verdictHtml(m, namer(t), 1);
    expect(html).toContain('data-rests-on="large.dialFrame"');
    expect(html).toContain('only a dial frame 3.97 mm in; the plastic base stops 0.03 mm short of it');
    expect(html).toContain(
      'rests on an estimate: the shield-dial frame&#x27;s size (17 mm wide, standing 4 mm out of the base)',
    );
  });

  it("a gravity rift on or just beyond distance 2's end: too close to call, with the other reading's speed and end", () => {
    const Lg = CATALOG.shipSizes.large;
    const d2 = CATALOG.ruler.distance[1].end;
    const plan = (gap: number) => {
      const [vx, vy] = extreme('gravity-rift', 0, 'top');
      const t = table({
        ships: [
          {
            id: 'isd',
            size: 'large',
            class: 'imperial',
            player: 1,
            x: 896.46,
            y: 685.88,
            rotation: 0,
            speed: 3,
          },
        ],
        obstacles: [
          {
            id: 'rift',
            type: 'gravity-rift',
            x: 896.46 - vx,
            y: 685.88 - Lg.base.length / 2 - gap - vy,
            rotation: 0,
          },
        ],
      });
      const m = judgeManeuver(
        new World(t),
        { id: 'm', kind: 'maneuver', ship: 'isd', speed: 3, clicks: [0, 0, 0], side: 'right' },
        null,
      );
      return verdictHtml(m, namer(t), 0.25);
    };
    const on = plan(d2);
    expect(on).toContain('<b class="close-call">too close to call</b>');
    expect(on).toContain('speed 3 → 2 (gravity rift)');
    expect(on).toContain('<li data-rift-call="rift" data-side="within"');
    expect(on).toContain('124.75 mm from rift is on the end of distance 2');
    expect(on).toContain('read beyond distance 2: speed 3, off the table');
    const beyond = plan(d2 + 0.01);
    expect(beyond).toContain('<b class="close-call">too close to call</b>');
    expect(beyond).toContain('<li data-rift-call="rift" data-side="beyond"');
    expect(beyond).toContain('124.76 mm from rift is 0.01 mm beyond the end of distance 2');
    expect(beyond).toContain('read at distance 2: speed 2, clean');
    // well away: nothing of the rift's band end
    expect(plan(100)).not.toContain('data-rift-call');
    expect(plan(100)).not.toContain('close-call');
  });

  it('a maneuver ending 3 mm clear of everything: clean, nothing close', () => {
    const { t, m } = endsNear(3);
    expect(m.nearMisses).toEqual([]);
    expect(verdictHtml(m, namer(t), 1)).not.toContain('close');
  });
});

describe('how a maneuver turned the ship, in words', () => {
  it('left for a counter-clockwise change, right for a clockwise one, across 0/360, none as none', () => {
    expect(turnWords(0, 337.5)).toBe('turned 22.50° right');
    expect(turnWords(10, 32.5)).toBe('turned 22.50° left');
    expect(turnWords(350, 5)).toBe('turned 15.00° left');
    expect(turnWords(5, 350)).toBe('turned 15.00° right');
    expect(turnWords(90, 90)).toBe('facing as it started');
    expect(turnWords(0, 180)).toBe('turned 180.00° right');
  });

  it('the verdict block says it beside the rotation, given where the ship started', () => {
    const t = table({
      ships: [
        { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 600, y: 300, rotation: 0, speed: 2 },
      ],
    });
    const m = judgeManeuver(
      new World(t),
      { id: 'm', kind: 'maneuver', ship: 'vsd', speed: 2, clicks: [0, 0], side: 'right' },
      null,
    );
    expect(verdictHtml(m, namer(t), 1, 0)).toContain('facing as it started (rotation 0.00°)');
    expect(verdictHtml(m, namer(t), 1)).toContain('), rotation 0.00°');
  });
});
