import { Temporal } from 'temporal-polyfill';
import { spanishNationalHolidays } from '../../common/schemas/holidays';
import { demoPatients } from '../seed/demo-plan';

export const TIME_ZONE = 'Europe/Madrid';
/** A morning, an afternoon and an evening: before the diary opens is the same as the evening before. */
export const HOURS = ['09:15', '16:40', '22:30'] as const;
/** 366 days with 29 February: a year from the first anniversary of the Monday the demo did not start. */
export const FIRST_DAY = Temporal.PlainDate.from('2027-11-29');
export const DAYS = 366;

export const at = (day: Temporal.PlainDate | string, hour: string) =>
  Temporal.PlainDate.from(day).toZonedDateTime({ timeZone: TIME_ZONE, plainTime: hour }).epochMilliseconds;

/** The 1 098 moments of the year, day by day. */
export function yearMoments(): number[] {
  return Array.from({ length: DAYS }, (_, index) => FIRST_DAY.add({ days: index })).flatMap((day) =>
    HOURS.map((hour) => at(day, hour)),
  );
}

/**
 * The moments whose demo is really loaded (about 30; a load takes seconds, a plan milliseconds): each national holiday
 * of the year and the day after it (2 January among them); the year's last day; the days it failed (Monday 30 November 2026 at the three hours; the Thursday and
 * Friday of the treatment sessions' bug); the birthdays of the demo's minors that change what they may book (14: from
 * pediatrics to family medicine; 18: adults); each at an hour that covers a weekday and hour not covered yet, and
 * then the days of the year's first week that cover the rest: every weekday at the three hours.
 */
export function sampleMoments(): { label: string; at: number }[] {
  const sample: { label: string; at: number }[] = [];
  const covered = new Set<string>();
  const add = (date: Temporal.PlainDate | string, why: string, hour?: string) => {
    const day = Temporal.PlainDate.from(date);
    const chosen = hour ?? HOURS.find((each) => !covered.has(`${day.dayOfWeek} ${each}`)) ?? HOURS[sample.length % 3]!;
    covered.add(`${day.dayOfWeek} ${chosen}`);
    sample.push({ label: `${day.toString()} ${chosen} (${why})`, at: at(day, chosen) });
  };
  const last = FIRST_DAY.add({ days: DAYS - 1 }).toString();
  for (const hour of HOURS) add('2026-11-30', 'el lunes que no arrancó', hour);
  add('2026-11-26', 'jueves de las sesiones');
  add('2026-11-27', 'viernes de las sesiones');
  const holidays = [FIRST_DAY.year, FIRST_DAY.year + 1]
    .flatMap((year) => spanishNationalHolidays(year))
    .filter((holiday) => FIRST_DAY.toString() <= holiday.date && holiday.date <= last);
  for (const holiday of holidays) {
    add(holiday.date, holiday.name);
    add(Temporal.PlainDate.from(holiday.date).add({ days: 1 }), `después de ${holiday.name}`);
  }
  // The year's last day: its visits are invoiced in its own year's series, and the next day starts another.
  add(`${FIRST_DAY.year}-12-31`, 'último día del año', '22:30');
  const birthdays = new Map<number, string>();
  for (const patient of demoPatients(at(FIRST_DAY, HOURS[0]))) {
    for (const age of [14, 18]) {
      const day = `${Number(patient.birthDate.slice(0, 4)) + age}${patient.birthDate.slice(4)}`;
      const taken = sample.some((moment) => moment.label.startsWith(day));
      if (FIRST_DAY.toString() <= day && day <= last && !taken && !birthdays.has(age)) birthdays.set(age, day);
    }
  }
  for (const [age, day] of birthdays) add(day, `un menor cumple ${age}`);
  for (let index = 0; index < 7; index++) {
    const day = FIRST_DAY.add({ days: index });
    for (const hour of HOURS) if (!covered.has(`${day.dayOfWeek} ${hour}`)) add(day, 'semana', hour);
  }
  return sample;
}
