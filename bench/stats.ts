/** Summaries of repeated benchmark rounds: medians, their spread, and ratios to a ceiling. */

/** The median of the values (the mean of the middle two for an even count); NaN for none. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How far the rounds spread around their median: (max − min) / median, as a fraction (0.1 = ±10 % wide). */
export function spread(values: number[]): number {
  if (values.length === 0) return NaN;
  const middle = median(values);
  if (middle === 0) return 0;
  return (Math.max(...values) - Math.min(...values)) / middle;
}

/**
 * The ratio of what was measured to its ceiling, round by round (each round's app and ceiling ran back to
 * back, so they share the machine's noise), and its median.
 */
export function ratios(measured: number[], ceiling: number[]): { each: number[]; median: number } {
  const each = measured
    .map((value, index) => (ceiling[index] ? value / ceiling[index]! : NaN))
    .filter((value) => !Number.isNaN(value));
  return { each, median: median(each) };
}

export interface Round {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

export interface Summary extends Round {
  rounds: number;
  /** Spread of the rounds' requests per second and p95 (see `spread`). */
  rpsSpread: number;
  p95Spread: number;
}

/** The median of each figure over the rounds (errors and requests are summed). */
export function summarize(rounds: Round[]): Summary {
  const of = (key: keyof Round) => rounds.map((round) => round[key]);
  return {
    rounds: rounds.length,
    p50: median(of('p50')),
    p95: median(of('p95')),
    p99: median(of('p99')),
    rps: median(of('rps')),
    requests: of('requests').reduce((a, b) => a + b, 0),
    errors: of('errors').reduce((a, b) => a + b, 0),
    rpsSpread: spread(of('rps')),
    p95Spread: spread(of('p95')),
  };
}

/** «±12 %»: half the spread, as people read a tolerance. */
export const formatSpread = (value: number) => (Number.isFinite(value) ? `±${Math.round((value * 100) / 2)} %` : '—');
/** «73 %». */
export const formatRatio = (value: number) => (Number.isFinite(value) ? `${Math.round(value * 100)} %` : '—');
