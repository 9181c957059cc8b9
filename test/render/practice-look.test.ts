/** The practice maps' marks at a zoom (src/render/practice-look.ts): held at their least size on screen. */
import { describe, expect, it } from 'vitest';
import { FAR_PX_PER_MM, marksLook, MIN_PX } from '../../src/render/practice-look';
import { fitView } from '../../src/render/view';

// the whole 6' by 3' table fitted to a 390 by 844 phone (turned, the 6' edge down the screen),
// with the top bar and the sheet's peek taking some of the height: about a third of a pixel a mm
const phoneFitted = [560, 640, 720].map((h) => fitView(390, h, 1828.8, 914.4, 6, true).scale);

describe('the practice marks at a zoom', () => {
  it('at the fitted phone zoom the ends are marks of at least their least size on screen', () => {
    for (const px of phoneFitted) {
      expect(px).toBeLessThan(FAR_PX_PER_MM);
      const look = marksLook(px);
      expect(look.far).toBe(true);
      expect(look.end1 * px).toBeGreaterThanOrEqual(MIN_PX.end1);
      expect(look.end2 * px).toBeGreaterThanOrEqual(MIN_PX.end2);
      expect(look.opportunity * px).toBeGreaterThanOrEqual(MIN_PX.opportunity);
      expect(look.line1 * px).toBeGreaterThanOrEqual(MIN_PX.line1);
      expect(look.ring * px).toBeGreaterThanOrEqual(MIN_PX.ring);
      // the second maneuver's hundreds of outlines are left out; the threat cells drawn stronger
      expect(look.ghosts2).toBe(false);
      expect(look.heatAlpha).toBeGreaterThan(marksLook(10).heatAlpha);
    }
  });

  it('at every zoom a mark is at least its least size and at most a fifth more (or its mm size)', () => {
    for (let px = 0.05; px < 20; px *= 1.07) {
      const look = marksLook(px);
      for (const [mm, min] of [
        [look.end1, MIN_PX.end1],
        [look.end2, MIN_PX.end2],
        [look.opportunity, MIN_PX.opportunity],
      ]) {
        expect(mm * px).toBeGreaterThanOrEqual(min - 1e-9);
        expect(mm * px).toBeLessThanOrEqual(Math.max(min * 1.19, mm === look.opportunity ? 7 * px : 3 * px));
      }
    }
  });

  it('near, the marks are their mm sizes, one look for every zoom (a zoom draws nothing again)', () => {
    const a = marksLook(2.5),
      b = marksLook(12);
    expect(a.key).toBe(b.key);
    expect([a.end1, a.end2, a.opportunity, a.line1, a.line2]).toEqual([3, 3, 7, 1.2, 0.6]);
    expect([a.ring, a.ring2, a.ghosts2, a.heatAlpha]).toEqual([0, 0, true, 0.5]);
  });

  it('from far, a pinch changes the look a few times an octave, not at every frame', () => {
    const keys = new Set<string>();
    for (let px = 0.25; px < 0.5; px *= 1.01) keys.add(marksLook(px).key);
    expect(keys.size).toBe(4);
  });
});
