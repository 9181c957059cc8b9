/** A practice under way kept in the tab's session storage for a reload (src/state/practice-kept.ts). */
import { describe, expect, it } from 'vitest';
import { PRACTICE_KEY, practiceShelf } from '../../src/state/practice-kept';
import type { SafeStorage } from '../../src/state/storage';
import { memoryStorage } from '../support/memory-storage';

describe('a practice kept for a reload', () => {
  it('is found as kept, its last step; none once it ends', () => {
    const session = memoryStorage();
    const shelf = practiceShelf(session);
    expect(shelf.found()).toBeNull();
    shelf.keep('drill', { seed: 'abc', step: 1 });
    shelf.keep('drill', { seed: 'abc', step: 2 });
    expect(practiceShelf(session).found()).toEqual({ kind: 'drill', data: { seed: 'abc', step: 2 } });
    shelf.drop('drill');
    expect(shelf.found()).toBeNull();
  });

  it("one practice's end leaves another's record", () => {
    const shelf = practiceShelf(memoryStorage());
    shelf.keep('setup', { phase: 'play' });
    shelf.drop('drill');
    expect(shelf.found()).toEqual({ kind: 'setup', data: { phase: 'play' } });
  });

  it('a record that cannot be read, or kept by another version of the app, is found with the reason', () => {
    const session = memoryStorage();
    const shelf = practiceShelf(session);
    session.set(PRACTICE_KEY, '{"v":1,"kind":"dri');
    expect(shelf.found()).toEqual({ kind: null, problem: 'its record could not be read' });
    session.set(PRACTICE_KEY, JSON.stringify({ v: 1, kind: 'chess', data: {} }));
    expect(shelf.found()).toEqual({ kind: null, problem: 'its record names no practice' });
    shelf.drop('drill');
    expect(session.map.has(PRACTICE_KEY)).toBe(false);
    session.set(PRACTICE_KEY, JSON.stringify({ v: 0, kind: 'setup', data: {} }));
    expect(shelf.found()).toEqual({ kind: 'setup', problem: 'it was kept by another version of the app' });
  });
});
