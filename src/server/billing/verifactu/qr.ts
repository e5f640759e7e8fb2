import QRCode from 'qrcode';
import { type Temporal } from 'temporal-polyfill';
import { formatAmount, invoiceTotals } from './amounts';
import { formatDate } from './dates';
import { type Cents, type RegistroAlta } from './types';

/**
 * The invoice's QR code (RD 1007/2023 art. 21 and Orden HAC/1177/2024; the AEAT's «Detalle de las especificaciones
 * técnicas del código QR de la factura»): ISO/IEC 18004, error correction M, printed 30 to 40 mm square, encoding
 * the AEAT's verification («cotejo») address with the invoice's nif, numserie, fecha and importe.
 */
export const VERIFICATION_HOSTS = {
  production: 'https://www2.agenciatributaria.gob.es',
  test: 'https://prewww2.aeat.es',
} as const;
export type AeatEnvironment = keyof typeof VERIFICATION_HOSTS;
export const VERIFICATION_PATH = '/wlpl/TIKE-CONT/ValidarQR';

/** What is printed with the code (SPEC §7), and its size on the PDF. */
export const QR_PRINT = {
  label: 'QR tributario:',
  caption: 'Factura verificable en la sede electrónica de la AEAT',
  sizeMm: 35,
  minSizeMm: 30,
  maxSizeMm: 40,
} as const;

export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

export interface VerificationParams {
  issuerNif: string;
  number: string;
  issueDate: Temporal.PlainDate;
  total: Cents;
}

/**
 * The verification address: `nif`, `numserie`, `fecha` (dd-mm-yyyy) and `importe` (the total, dot decimal, as the
 * record's ImporteTotal), in that order, each URL-encoded in UTF-8 (a `/` or `&` in the number becomes %2F, %26).
 */
export function verificationUrl(params: VerificationParams, environment: AeatEnvironment): string {
  const query = [
    ['nif', params.issuerNif],
    ['numserie', params.number],
    ['fecha', formatDate(params.issueDate)],
    ['importe', formatAmount(params.total)],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  return `${VERIFICATION_HOSTS[environment]}${VERIFICATION_PATH}?${query}`;
}

/** The address for the invoice a registro de alta records. */
export function recordVerificationUrl(record: RegistroAlta, environment: AeatEnvironment): string {
  const { invoice } = record;
  return verificationUrl(
    {
      issuerNif: invoice.issuer.nif,
      number: invoice.number,
      issueDate: invoice.issueDate,
      total: invoiceTotals(invoice.lines).total,
    },
    environment,
  );
}

/** The code as a PNG, `widthPx` wide (about 413 px is 35 mm at 300 dpi). */
export function qrPng(url: string, widthPx = 413): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: widthPx });
}

/** The code as SVG, to scale to any size on the PDF. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
}

/** PDF points (1/72 in) for a length in millimetres: the code is placed QR_PRINT.sizeMm wide. */
export function mmToPoints(mm: number): number {
  return (mm * 72) / 25.4;
}
