/** Money is integer cents everywhere; these are the only ways it becomes text or comes back from euros. */

const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

/** `6000` → «60,00 €». */
export const formatEuros = (cents: number): string => euros.format(cents / 100);

/** Euros as typed (at most two decimals) → cents, rounding away the binary fraction (`19.99` → `1999`). */
export const eurosToCents = (value: number): number => Math.round(value * 100);
