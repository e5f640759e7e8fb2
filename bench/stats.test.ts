import { describe, expect, it } from 'vitest';
import { formatRatio, formatSpread, median, ratios, spread, summarize } from './stats';

describe('bench stats', () => {
  it('takes the median of odd and even counts without reordering the input', () => {
    const values = [9, 1, 5];
    expect(median(values)).toBe(5);
    expect(values).toEqual([9, 1, 5]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('measures the spread relative to the median', () => {
    expect(spread([90, 100, 110])).toBeCloseTo(0.2);
    expect(spread([7, 7, 7])).toBe(0);
    expect(formatSpread(0.2)).toBe('±10 %');
  });

  it('compares each round with the ceiling of the same round', () => {
    const result = ratios([60, 80, 50], [100, 100, 50]);
    expect(result.each).toEqual([0.6, 0.8, 1]);
    expect(result.median).toBe(0.8);
    expect(formatRatio(result.median)).toBe('80 %');
    expect(ratios([10], [0]).each).toEqual([]);
  });

  it('summarizes rounds with medians, sums and spreads', () => {
    const round = (rps: number, p95: number) => ({ p50: 1, p95, p99: p95 * 2, rps, requests: 100, errors: 1 });
    const summary = summarize([round(100, 10), round(120, 14), round(80, 12)]);
    expect(summary).toMatchObject({ rounds: 3, rps: 100, p95: 12, p99: 24, requests: 300, errors: 3 });
    expect(summary.rpsSpread).toBeCloseTo(0.4);
    expect(summary.p95Spread).toBeCloseTo(4 / 12);
  });
});

describe('progress bar', () => {
  it('draws the share done, the counts in es-ES and the time', async () => {
    const { renderBar } = await import('../src/server/cli/progress');
    const line = renderBar('citas', 250_000, 1_000_000, 12.4);
    expect(line).toContain('25 %');
    expect(line).toContain('250.000 / 1.000.000');
    expect(line).toContain('12 s');
    expect(line.match(/█/g)).toHaveLength(8);
  });
});
