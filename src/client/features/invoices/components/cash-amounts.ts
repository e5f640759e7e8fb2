import { formatEuros } from '../../../../common/money';

/** Amounts in «Caja»: right-aligned, figures of one width. */
export const AMOUNT = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A difference as the desk reads it: «+5,00 € (sobra)», «−5,00 € (falta)», «0,00 €». */
export function differenceLabel(cents: number): string {
  if (cents === 0) return formatEuros(0);
  const amount = formatEuros(Math.abs(cents));
  return cents > 0 ? `+${amount} (sobra)` : `−${amount} (falta)`;
}

/** Red when money is missing, orange when there is too much, plain when it squares. */
export const differenceColor = (cents: number) => (cents < 0 ? 'red.8' : cents > 0 ? 'orange.9' : undefined);
