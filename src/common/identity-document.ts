/** Spanish identity documents: DNI and NIE carry a control letter; a passport is free-form. */
export const DOCUMENT_TYPES = ['dni', 'nie', 'pasaporte'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  dni: 'DNI',
  nie: 'NIE',
  pasaporte: 'Pasaporte',
};

const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Upper case, without spaces, dots or hyphens: the form we store and compare. */
export function normalizeDocument(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

export function dniLetter(digits: number): string {
  return CONTROL_LETTERS[digits % 23]!;
}

/** An error message in Spanish, or null when the document is valid. */
export function documentError(type: DocumentType, raw: string): string | null {
  const value = normalizeDocument(raw);
  if (type === 'dni') {
    const match = /^(\d{8})([A-Z])$/.exec(value);
    if (!match) return 'El DNI debe tener 8 números y una letra (p. ej. 12345678Z)';
    if (dniLetter(Number(match[1])) !== match[2]) return 'La letra del DNI no corresponde a sus números';
    return null;
  }
  if (type === 'nie') {
    const match = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
    if (!match) return 'El NIE debe empezar por X, Y o Z, seguida de 7 números y una letra (p. ej. X1234567L)';
    const digits = Number(`${'XYZ'.indexOf(match[1]!)}${match[2]}`);
    if (dniLetter(digits) !== match[3]) return 'La letra del NIE no corresponde a sus números';
    return null;
  }
  if (!/^[A-Z0-9]{5,20}$/.test(value)) return 'El pasaporte debe tener entre 5 y 20 letras o números';
  return null;
}
