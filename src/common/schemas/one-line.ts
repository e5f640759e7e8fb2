import { z } from 'zod';

/**
 * A one-line field (a name, a title) keeps no line break, tab or other separator: each run becomes one
 * space. Such values end up in e-mail headers, iCalendar lines and CSV cells, where a stray CR or LF
 * would start a new line.
 */
export const toOneLine = (value: string) => value.replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, ' ');

/** `z.string()` for a one-line field: separators folded to spaces, then trimmed. */
export const oneLineString = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(toOneLine).trim();
