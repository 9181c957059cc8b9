/**
 * The heavy families, each a table file the CLI's budget must bound: a pile of 200
 * pieces on one spot; 50 maneuver fans of a classless ship (every setting of the tool, huge and
 * large); 50 setup checks of a crowded table; 50 exogorth placements displacing squadrons; 50
 * purrgil rounds among many pieces. `light`: the same proposals among few pieces (a table that fits a budget).
 */
import { base, manyProposals, pilesOnOneSpot } from './probes';

type Json = Record<string, unknown>;
const TYPES = ['asteroid-a', 'asteroid-b', 'asteroid-c', 'debris-a', 'debris-b', 'station'];

/** A crowd to judge around: `n` ships and squadrons spread over the middle of the table, and obstacles. */
function crowd(t: Json, ships = 20, squadrons = 40, obstacles = 12) {
  t.ships = Array.from({ length: ships }, (_, i) => ({
    id: `s${i}`,
    size: ['small', 'medium', 'large'][i % 3],
    player: (i % 2) + 1,
    x: 300 + (i % 10) * 120,
    y: 250 + Math.floor(i / 10) * 400,
    rotation: (i * 41) % 360,
    speed: 2,
  }));
  t.squadrons = Array.from({ length: squadrons }, (_, i) => ({
    id: `q${i}`,
    player: (i % 2) + 1,
    x: 250 + (i % 20) * 65,
    y: 420 + Math.floor(i / 20) * 60,
  }));
  t.obstacles = Array.from({ length: obstacles }, (_, i) => ({
    id: `o${i}`,
    type: TYPES[i % TYPES.length],
    x: 200 + (i % 6) * 260,
    y: 120 + Math.floor(i / 6) * 650,
    rotation: i * 30,
  }));
}

export function pile(): Json {
  return pilesOnOneSpot();
}

/** 50 fans of ships without a class, at speed 4: every setting of the tool (5^3 click lists a fan), half huge. */
export function fans(n = 50, light = false): Json {
  const t = base();
  crowd(t, 0, light ? 4 : 30, light ? 3 : 12);
  const fleet = Array.from({ length: light ? 2 : 10 }, (_, i) => ({
    id: `x${i}`,
    size: i % 2 ? 'huge' : 'large',
    player: (i % 2) + 1,
    x: 250 + i * 140,
    y: i % 2 ? 700 : 200,
    rotation: (i * 53) % 360,
    speed: 4,
  }));
  t.ships = fleet;
  t.proposals = Array.from({ length: n }, (_, i) => ({
    id: `fan${i}`,
    kind: 'maneuver-fan',
    ship: `x${i % (light ? 2 : 10)}`,
    side: i % 3 ? 'right' : 'left',
  }));
  return t;
}

/** 50 setup checks (core and erratum, both table edges readings) of a crowded table. */
export function setups(n = 50, light = false): Json {
  const t = base();
  crowd(t, light ? 2 : 20, light ? 4 : 40, 12);
  t.proposals = Array.from({ length: n }, (_, i) => ({
    id: `setup${i}`,
    kind: 'setup',
    reading: i % 2 ? 'erratum' : 'core',
    composition: 'free',
  }));
  return t;
}

/** 50 exogorth placements, each displacing squadrons (the slowest kind of proposal). */
export function exogorths(n = 50): Json {
  return manyProposals(n);
}

/** 50 purrgil rounds (two moves each) among a crowd. */
export function purrgilRounds(n = 50, light = false): Json {
  const t = base();
  crowd(t, light ? 2 : 20, light ? 4 : 40, light ? 3 : 10);
  const obstacles = t.obstacles as Json[];
  obstacles.push(
    { id: 'p1', type: 'purrgil-1', x: 600, y: 460, rotation: 0 },
    { id: 'p2', type: 'purrgil-2', x: 1200, y: 460, rotation: 90 },
  );
  t.proposals = Array.from({ length: n }, (_, i) => ({
    id: `round${i}`,
    kind: 'purrgil-round',
    moves: [
      {
        player: 2,
        obstacle: 'p1',
        to: { x: 600 + (i % 10) * 9, y: 460 + Math.floor(i / 10) * 11, rotation: i * 7 },
      },
      {
        player: 1,
        obstacle: 'p2',
        to: { x: 1200 - (i % 10) * 9, y: 460 - Math.floor(i / 10) * 11, rotation: 90 + i * 5 },
      },
    ],
  }));
  return t;
}

export const HEAVY = { pile, fans, setups, exogorths, purrgilRounds };
