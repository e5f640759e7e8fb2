import { dniLetter, normalizeDocument } from './identity-document';

/**
 * A Spanish NIF as invoices carry it: a person's DNI or NIE, or a company's (the old CIF: a letter for the
 * kind of entity, seven digits and a control character). The AEAT's record wants 9 characters, upper case.
 */
const COMPANY_LETTERS = 'ABCDEFGHJNPQRSUVW';
/** Kinds of entity whose control is a letter (public bodies, foreign entities…); the rest carry a digit. */
const LETTER_CONTROL = 'KPQSNW';
const CONTROL_AS_LETTER = 'JABCDEFGHI';

function companyControl(digits: string): { digit: string; letter: string } {
  let sum = 0;
  for (const [index, char] of [...digits].entries()) {
    const value = Number(char);
    if (index % 2 === 0) {
      const doubled = value * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += value;
    }
  }
  const control = (10 - (sum % 10)) % 10;
  return { digit: String(control), letter: CONTROL_AS_LETTER[control]! };
}

/** An error message in Spanish, or null when `raw` is a valid NIF (DNI, NIE or a company's). */
export function taxIdError(raw: string): string | null {
  const value = normalizeDocument(raw);
  if (/^\d{8}[A-Z]$/.test(value)) {
    return dniLetter(Number(value.slice(0, 8))) === value[8] ? null : 'La letra del NIF no corresponde a sus números';
  }
  if (/^[XYZ]\d{7}[A-Z]$/.test(value)) {
    const digits = Number(`${'XYZ'.indexOf(value[0]!)}${value.slice(1, 8)}`);
    return dniLetter(digits) === value[8] ? null : 'La letra del NIE no corresponde a sus números';
  }
  const company = /^([A-Z])(\d{7})([0-9A-J])$/.exec(value);
  if (company && COMPANY_LETTERS.includes(company[1]!)) {
    const { digit, letter } = companyControl(company[2]!);
    const expected = LETTER_CONTROL.includes(company[1]!)
      ? [letter]
      : company[1] === 'A' || company[1] === 'B'
        ? [digit]
        : [digit, letter];
    return expected.includes(company[3]!) ? null : 'El carácter de control del NIF no corresponde';
  }
  return 'Escribe un NIF válido: 8 números y una letra, un NIE (X1234567L) o el de una sociedad (B12345674)';
}

export const normalizeTaxId = normalizeDocument;
