/**
 * A practice under way (judge by eye, setup practice) kept in the tab's session storage at every step, so
 * that a reload of the tab (a phone reloads a tab it put in the background) takes it up where it was. Only
 * the practice is kept here: the player's own table is never written while it runs (Tables is paused), so
 * the reload finds that table as it was, and the practice's end puts it back. Session storage is the tab's
 * own: another tab starts with none, a duplicated one with a copy.
 */
import type { SafeStorage } from './storage';

export const PRACTICE_KEY = 'armada-practice/run';
/** the record's layout: a reload by another version of the app ends the practice rather than misread it */
const VERSION = 1;

export type PracticeKind = 'drill' | 'setup';

/** What a reload found: a practice's record (read by its own resume), or why none can be read. */
export type FoundPractice =
  | { kind: PracticeKind; data: unknown }
  | { kind: PracticeKind | null; problem: string };

export interface PracticeShelf {
  /** the practice's record as it stands now (a fault writing it is not said: the practice goes on) */
  keep(kind: PracticeKind, data: unknown): void;
  /** the practice ended: its record goes (only that kind's: another practice's is left) */
  drop(kind: PracticeKind): void;
  /** the practice kept when the page loaded, or null */
  found(): FoundPractice | null;
}

const isKind = (k: unknown): k is PracticeKind => k === 'drill' || k === 'setup';

export function practiceShelf(session: SafeStorage): PracticeShelf {
  const read = (): FoundPractice | null => {
    const text = session.get(PRACTICE_KEY);
    if (text === null) return null;
    let rec: { v?: unknown; kind?: unknown; data?: unknown };
    try {
      rec = JSON.parse(text);
    } catch {
      return { kind: null, problem: 'its record could not be read' };
    }
    const kind = isKind(rec?.kind) ? rec.kind : null;
    if (!kind) return { kind: null, problem: 'its record names no practice' };
    if (rec.v !== VERSION) return { kind, problem: 'it was kept by another version of the app' };
    return { kind, data: rec.data };
  };
  return {
    keep(kind, data) {
      session.set(PRACTICE_KEY, JSON.stringify({ v: VERSION, kind, data }));
    },
    drop(kind) {
      const text = session.get(PRACTICE_KEY);
      if (text === null) return;
      try {
        const k: unknown = JSON.parse(text)?.kind;
        if (isKind(k) && k !== kind) return;
      } catch {
        /* unreadable: nobody's, dropped */
      }
      session.remove(PRACTICE_KEY);
    },
    found: read,
  };
}

/**
 * A found practice's record read by its own reader, or why it cannot be taken up: the record's problem (from
 * another version, unreadable), or what the reader refused in it.
 */
export function readFound<T>(
  found: FoundPractice,
  read: (data: unknown) => T,
): { value: T } | { problem: string } {
  if (!('data' in found)) return { problem: found.problem };
  try {
    return { value: read(found.data) };
  } catch (e) {
    return { problem: (e as Error).message };
  }
}
