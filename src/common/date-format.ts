const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A shared `es-ES` date formatter for these options. Building an Intl.DateTimeFormat costs far more than
 * using one (it was the largest item in the booking profile), so each set of options is built once.
 */
export function esDateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('es-ES', options);
    formatters.set(key, formatter);
  }
  return formatter;
}
