/**
 * The attack pair on screen kept in the tab's session storage, so that a reload of the tab (a phone reloads a
 * tab it put in the background) shows the same ruling again. Kept with the places of the table's ships and
 * squadrons it was chosen on: a reload that finds another table (or the pieces moved since) chooses nothing.
 */
import type { Table } from '../model/table';
import type { SafeStorage } from './storage';
import { type AppStore, type Commands, pairProblem } from './store';

export const PAIR_KEY = 'armada-pair/1';

/** The pieces' ids and places: what a kept pair was chosen on. */
export function piecesKey(t: Table): string {
  let k = '';
  for (const s of t.ships) k += `${s.id}@${s.x},${s.y},${s.rotation};`;
  for (const q of t.squadrons) k += `${q.id}@${q.x},${q.y};`;
  return k;
}

/** The pair kept for this table (both ends on it), or null. */
export function keptPair(session: SafeStorage, t: Table): { attacker: string; defender: string } | null {
  const text = session.get(PAIR_KEY);
  if (text === null) return null;
  try {
    const r = JSON.parse(text) as { attacker?: unknown; defender?: unknown; pieces?: unknown };
    if (typeof r?.attacker !== 'string' || typeof r.defender !== 'string' || r.pieces !== piecesKey(t))
      return null;
    return pairProblem(t, r.attacker, r.defender) ? null : { attacker: r.attacker, defender: r.defender };
  } catch {
    return null;
  }
}

/**
 * The pair chosen on the table at start (from the last load of this tab), then every pair chosen kept, and
 * none kept once the pair is let go. A fault writing it is not said: only a reload's convenience is lost.
 */
export function keepPairs(store: AppStore, cmd: Pick<Commands, 'setPair'>, session: SafeStorage): void {
  const was = keptPair(session, store.getState().table);
  if (was) cmd.setPair(was.attacker, was.defender);
  const pairOf = (s: ReturnType<AppStore['getState']>) =>
    s.attacker && s.defender ? `${s.attacker}>${s.defender}` : '';
  // what is kept now: the pair chosen again (or none), on the table at start
  let last = pairOf(store.getState()),
    on: Table | null = store.getState().table;
  if (!last) session.remove(PAIR_KEY);
  store.subscribe((s) => {
    const now = pairOf(s);
    // written again when the pair changes, and when its table did once a piece rests (not at each drag step)
    if (now === last && (!now || s.table === on || s.gestureStart)) return;
    last = now;
    on = s.table;
    if (!now) session.remove(PAIR_KEY);
    else
      session.set(
        PAIR_KEY,
        JSON.stringify({ attacker: s.attacker, defender: s.defender, pieces: piecesKey(s.table) }),
      );
  });
}
