import { describe, expect, it } from 'vitest';
import { KeptKeys } from '../../src/render/kept-keys';

describe('kept keys', () => {
  it('give back a string only for the same object, part and numbers', () => {
    const k = new KeptKeys();
    const o = {},
      other = {};
    expect(k.get(o, 'z1')).toBeUndefined();
    expect(k.set(o, 'key', 'z1', 1, 2, 3)).toBe('key');
    expect(k.get(o, 'z1', 1, 2, 3)).toBe('key');
    expect(k.get(other, 'z1', 1, 2, 3)).toBeUndefined();
    expect(k.get(o, 'z2', 1, 2, 3)).toBeUndefined();
    expect(k.get(o, 'z1', 1, 2, 4)).toBeUndefined();
    expect(k.get(o, 'z1')).toBeUndefined();
    // made again otherwise: the new string replaces the old
    k.set(o, 'key2', 'z2');
    expect(k.get(o, 'z1', 1, 2, 3)).toBeUndefined();
    expect(k.get(o, 'z2')).toBe('key2');
  });
  it('never hold a string made with a NaN', () => {
    const k = new KeptKeys();
    const o = {};
    k.set(o, 'key', 'z', NaN);
    expect(k.get(o, 'z', NaN)).toBeUndefined();
  });
});
