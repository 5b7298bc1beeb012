import { describe, expect, it } from 'vitest';
import { readVolume, writeVolume } from './volume';

describe('volume', () => {
  it('defaults to 1 and keeps one decimal between 0 and 1', () => {
    expect(readVolume()).toBe(1);
    writeVolume(0.3000001);
    expect(localStorage.getItem('volume')).toBe('0.3');
    expect(readVolume()).toBe(0.3);
    localStorage.setItem('volume', '7');
    expect(readVolume()).toBe(1);
    localStorage.setItem('volume', '-1');
    expect(readVolume()).toBe(0);
    localStorage.setItem('volume', 'loud');
    expect(readVolume()).toBe(1);
  });
});
