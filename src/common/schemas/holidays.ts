import { z } from 'zod';

/** Public holidays (national, regional, local) and the clinic's own closures: no appointments those days. */
export const HOLIDAY_KINDS = ['nacional', 'autonomico', 'local', 'cierre'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

export const HOLIDAY_KIND_LABELS: Record<HolidayKind, string> = {
  nacional: 'Nacional',
  autonomico: 'Autonómico',
  local: 'Local',
  cierre: 'Cierre de la clínica',
};

const day = (label: string) =>
  z.iso
    .date({ error: `${label}: escribe la fecha como AAAA-MM-DD` })
    .refine((value) => value >= '2000' && value < '2100', `${label}: indica una fecha entre los años 2000 y 2099`);

const DAY_MS = 86_400_000;

export const holidaySchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  name: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayListSchema = z.object({ items: z.array(holidaySchema) });
export type HolidayList = z.infer<typeof holidayListSchema>;

/** A day or a range of days (inclusive), with its name and kind. */
export const holidayCreateSchema = z
  .strictObject({
    startDate: day('Desde'),
    endDate: day('Hasta'),
    name: z
      .string({ error: 'Escribe el nombre del festivo' })
      .trim()
      .min(2, 'Escribe el nombre del festivo (p. ej. «Navidad» o «Cierre por vacaciones»)')
      .max(80, 'El nombre no puede superar los 80 caracteres'),
    kind: z.enum(HOLIDAY_KINDS, { error: 'Elige el tipo: nacional, autonómico, local o cierre de la clínica' }),
  })
  .refine((input) => input.endDate >= input.startDate, {
    path: ['endDate'],
    message: 'La fecha final es anterior a la inicial',
  })
  .refine((input) => Date.parse(input.endDate) - Date.parse(input.startDate) < 92 * DAY_MS, {
    path: ['endDate'],
    message: 'Un cierre puede durar como máximo tres meses',
  });
export type HolidayCreateInput = z.input<typeof holidayCreateSchema>;

export const holidayListQuerySchema = z
  .strictObject({ from: day('Desde'), to: day('Hasta') })
  .refine((query) => query.to >= query.from, { path: ['to'], message: 'El final del periodo es anterior al inicio' })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 400 * DAY_MS, {
    path: ['to'],
    message: 'Consulta como máximo un año de una vez',
  });
export type HolidayListQuery = z.input<typeof holidayListQuerySchema>;

export const nationalHolidaysInputSchema = z.strictObject({
  year: z
    .number({ error: 'Indica el año' })
    .int('Indica el año')
    .min(2000, 'Indica un año entre 2000 y 2099')
    .max(2099, 'Indica un año entre 2000 y 2099'),
});

export const nationalHolidaysResultSchema = z.object({ added: z.number(), items: z.array(holidaySchema) });
export type NationalHolidaysResult = z.infer<typeof nationalHolidaysResultSchema>;

/** Easter Sunday of a Gregorian year (the anonymous algorithm: Meeus/Jones/Butcher), `YYYY-MM-DD`. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The national holidays of Spain common to every autonomous community: the fixed dates of the Estatuto
 * de los Trabajadores (art. 37.2) and RD 2001/1983, plus Viernes Santo (two days before Easter Sunday).
 * Regions may move some of them and add their own (Jueves Santo, Lunes de Pascua, their Día de…), and
 * each town has two local holidays: those vary and the clinic adds them by hand.
 */
export function spanishNationalHolidays(year: number): { date: string; name: string }[] {
  const easter = new Date(`${easterSunday(year)}T00:00:00Z`);
  const goodFriday = new Date(easter.getTime() - 2 * DAY_MS);
  const fixed: [number, number, string][] = [
    [1, 1, 'Año Nuevo'],
    [1, 6, 'Epifanía del Señor (Reyes)'],
    [5, 1, 'Fiesta del Trabajo'],
    [8, 15, 'Asunción de la Virgen'],
    [10, 12, 'Fiesta Nacional de España'],
    [11, 1, 'Todos los Santos'],
    [12, 6, 'Día de la Constitución'],
    [12, 8, 'Inmaculada Concepción'],
    [12, 25, 'Navidad'],
  ];
  const list = fixed.map(([month, dayOfMonth, name]) => ({ date: `${year}-${pad(month)}-${pad(dayOfMonth)}`, name }));
  list.push({ date: goodFriday.toISOString().slice(0, 10), name: 'Viernes Santo' });
  return list.sort((a, b) => a.date.localeCompare(b.date));
}

/** «25 de diciembre» of a `YYYY-MM-DD` date. */
export const holidayDayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('es-ES', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** Why a day can't be booked: «La clínica está cerrada el 25 de diciembre (Navidad, festivo). Elige otro día.» */
export function holidayClosedMessage(date: string, holiday: Pick<Holiday, 'name' | 'kind'>): string {
  const what = holiday.kind === 'cierre' ? holiday.name : `${holiday.name}, festivo`;
  return `La clínica está cerrada el ${holidayDayLabel(date)} (${what}). Elige otro día.`;
}

export const HOLIDAY_CODE = 'HOLIDAY' as const;
