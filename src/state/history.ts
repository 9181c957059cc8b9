/** Undo and redo over immutable snapshots. A gesture (a whole drag) records one step. */
export interface History<T> {
  past: T[];
  future: T[];
}

export const HISTORY_LIMIT = 200;

export function record<T>(h: History<T>, before: T): History<T> {
  const past = h.past.length >= HISTORY_LIMIT ? h.past.slice(1) : h.past.slice();
  past.push(before);
  return { past, future: [] };
}

export function undo<T>(h: History<T>, current: T): { history: History<T>; value: T } | null {
  if (!h.past.length) return null;
  const value = h.past[h.past.length - 1];
  return { history: { past: h.past.slice(0, -1), future: [current, ...h.future] }, value };
}

export function redo<T>(h: History<T>, current: T): { history: History<T>; value: T } | null {
  if (!h.future.length) return null;
  const [value, ...future] = h.future;
  return { history: { past: [...h.past, current], future }, value };
}
