import { normalizeSearchText } from '../../../common/search-text';
import { calendarDate } from '../../platform';

/**
 * The values of a file of future appointments: the date (dd/mm/aaaa, with the time in the same cell or not), the
 * time (9:30, 09.30, 9h30, or the fraction of a day a spreadsheet keeps), the doctor by her name.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes after midnight of «9:30», «09.30», «9h30», «09:30:00», or a spreadsheet's fraction of a day (0.395833…). */
export function parseTime(raw: string): { minutes: number } | { error: string } {
  const value = raw.trim().toLowerCase();
  const match = /^(\d{1,2})\s*[:.h]\s*(\d{2})(?::\d{2})?\s*(?:h|horas)?$/.exec(value) ?? /^(\d{1,2})\s*h?$/.exec(value);
  if (match) {
    const hours = Number(match[1]);
    const minutes = Number(match[2] ?? 0);
    if (hours < 24 && minutes < 60) return { minutes: hours * 60 + minutes };
  } else if (/^0?\.\d+$/.test(value)) {
    const minutes = Math.round(Number(value) * 24 * 60);
    if (minutes < 24 * 60) return { minutes };
  }
  return { error: `La hora «${raw.trim()}» no es una hora válida (hh:mm)` };
}

/** A date dd/mm/aaaa (two-digit years are this century), maybe with its time; or aaaa-mm-dd. */
export function parseAppointmentDate(raw: string): { date: string; minutes: number | null } | { error: string } {
  const value = raw.trim();
  let day: number, month: number, year: number;
  let rest = '';
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s+(.+))?$/.exec(value);
  if (match) {
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3]!.length === 2) year += 2000;
    rest = match[4] ?? '';
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s](.+))?$/.exec(value))) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    rest = match[4] ?? '';
  } else {
    return { error: `La fecha «${value}» no es una fecha dd/mm/aaaa` };
  }
  if (calendarDate(year, month, day) === null) return { error: `La fecha «${value}» no existe` };
  let minutes: number | null = null;
  if (rest) {
    const time = parseTime(rest.replace(/(?:[+-]\d{2}:?\d{2}|z)$/i, ''));
    if ('error' in time) return { error: `La fecha «${value}» no tiene una hora válida` };
    minutes = time.minutes;
  }
  return { date: `${year}-${pad(month)}-${pad(day)}`, minutes };
}

/** A duration in minutes: «30», «30 min», «1:00», «1 h»; between 5 minutes and 12 hours. */
export function parseDuration(raw: string): { minutes: number } | { error: string } {
  const value = raw.trim().toLowerCase();
  let minutes: number | null = null;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,3})\s*(?:m|min|mins|minutos)?\.?$/.exec(value))) minutes = Number(match[1]);
  else if ((match = /^(\d{1,2})\s*[:h]\s*(\d{2})?\s*(?:h|horas?)?$/.exec(value)))
    minutes = Number(match[1]) * 60 + Number(match[2] ?? 0);
  if (minutes === null || minutes < 5 || minutes > 12 * 60)
    return { error: `La duración «${raw.trim()}» no es un número de minutos entre 5 y 720` };
  return { minutes };
}

export interface ImportDoctor {
  id: string;
  displayName: string;
  appointmentMinutes: number;
}

const TITLES = new Set(['dr', 'dra', 'doctor', 'doctora', 'd', 'dna', 'don', 'dona', 'sr', 'sra']);
const words = (name: string) =>
  normalizeSearchText(name)
    .replace(/\./g, ' ')
    .split(' ')
    .filter((word) => word && !TITLES.has(word));

/**
 * Finds a doctor of the clinic by the name the previous program wrote: the same words (titles such as «Dra.»,
 * accents and case aside), or every word of the cell in one doctor's name when only one has them.
 */
export function doctorFinder(doctors: ImportDoctor[]): (raw: string) => { doctor: ImportDoctor } | { error: string } {
  const named = doctors.map((doctor) => ({ doctor, words: words(doctor.displayName) }));
  const exact = new Map<string, ImportDoctor[]>();
  for (const { doctor, words: list } of named) {
    const key = list.join(' ');
    exact.set(key, [...(exact.get(key) ?? []), doctor]);
  }
  const cache = new Map<string, { doctor: ImportDoctor } | { error: string }>();
  return (raw) => {
    const wanted = words(raw);
    const key = wanted.join(' ');
    const cached = cache.get(key);
    if (cached) return cached;
    let found = exact.get(key) ?? [];
    if (found.length === 0 && wanted.length > 0)
      found = named.filter((entry) => wanted.every((word) => entry.words.includes(word))).map((entry) => entry.doctor);
    const result =
      found.length === 1
        ? { doctor: found[0]! }
        : found.length === 0
          ? { error: `No hay ningún profesional activo llamado «${raw.trim()}»` }
          : {
              error: `«${raw.trim()}» puede ser ${found.map((doctor) => doctor.displayName).join(' o ')}: escribe el nombre completo`,
            };
    cache.set(key, result);
    return result;
  };
}
