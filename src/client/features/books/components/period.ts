import type { BooksPeriod } from '../../../../common/schemas/books';

/** A preset of the books: a quarter of the year (the 303's), the whole year, or days chosen by hand. */
export type PeriodPreset = '1T' | '2T' | '3T' | '4T' | 'año' | 'otro';
export const PERIOD_PRESETS: PeriodPreset[] = ['1T', '2T', '3T', '4T', 'año', 'otro'];

const LAST_DAY = ['03-31', '06-30', '09-30', '12-31'] as const;

/** The days of a preset in a year: «2T» of 2026 → 1 April to 30 June. */
export function periodOf(year: number, preset: Exclude<PeriodPreset, 'otro'>): BooksPeriod {
  if (preset === 'año') return { from: `${year}-01-01`, to: `${year}-12-31` };
  const quarter = Number(preset[0]);
  const month = String((quarter - 1) * 3 + 1).padStart(2, '0');
  return { from: `${year}-${month}-01`, to: `${year}-${LAST_DAY[quarter - 1]}` };
}

/** The quarter a day (yyyy-mm-dd) falls in. */
export const quarterOf = (day: string) =>
  `${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}T` as Exclude<PeriodPreset, 'año' | 'otro'>;

/** The presets' names on the screen. */
export const PRESET_LABELS: Record<PeriodPreset, string> = {
  '1T': '1.er trimestre',
  '2T': '2.º trimestre',
  '3T': '3.er trimestre',
  '4T': '4.º trimestre',
  año: 'Año completo',
  otro: 'Otro periodo',
};
