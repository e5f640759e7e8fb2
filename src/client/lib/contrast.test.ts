import { describe, expect, it } from 'vitest';
import { blend, contrastRatio, darkenToContrast, readableTextOn } from './contrast';

describe('contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // Mantine's teal 8 with white: the 3.94:1 the accessibility audit found.
    expect(contrastRatio('#099268', '#ffffff')).toBeCloseTo(3.95, 2);
  });

  it('darkens a colour only as far as the ratio asks', () => {
    const background = blend('#fab005', 0.1); // Mantine's light yellow badge
    expect(contrastRatio('#e67700', background)).toBeLessThan(4.5);
    const text = darkenToContrast('#e67700', background);
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, background)).toBeLessThan(5.2);
    expect(darkenToContrast('#087f5b', '#ffffff')).toBe('#087f5b');
  });

  it('chooses black or white text by contrast on a background', () => {
    expect(readableTextOn('#fab005')).toBe('#000000');
    expect(readableTextOn('#1864ab')).toBe('#ffffff');
  });
});
