import Holidays from 'date-holidays';
import { spanishNationalHolidays, type HolidayKind } from '../../../common/schemas/holidays';
import type { SpanishRegion } from '../../../common/schemas/setup';

export interface RegionHoliday {
  date: string;
  name: string;
  kind: HolidayKind;
}

/** The package writes a few names without their accent or in its own case. */
const tidy = (name: string) => name.replace(/^Dia /, 'Día ').replace(/^La inmaculada/, 'La Inmaculada');

/**
 * A year's public holidays of an autonomous community: the national days of `spanishNationalHolidays` (the Estatuto
 * de los Trabajadores' fixed dates and Viernes Santo), then the community's own from the package `date-holidays`
 * (its Jueves Santo or Lunes de Pascua, its Día de…, and the Monday a Sunday's national holiday moves to), each day
 * once. The municipality's two local days are the clinic's to add: no source has them reliably (decision 0125).
 */
export function regionHolidays(region: SpanishRegion, year: number): RegionHoliday[] {
  const national: RegionHoliday[] = spanishNationalHolidays(year).map((day) => ({ ...day, kind: 'nacional' }));
  const taken = new Set(national.map((day) => day.date));
  const regional: RegionHoliday[] = [];
  const calendar = new Holidays('ES', region, { languages: ['es'], types: ['public'] });
  for (const day of calendar.getHolidays(year, 'es')) {
    const date = day.date.slice(0, 10);
    if (day.type !== 'public' || taken.has(date)) continue;
    taken.add(date);
    regional.push({ date, name: tidy(day.name), kind: 'autonomico' });
  }
  return [...national, ...regional].sort((a, b) => a.date.localeCompare(b.date));
}
