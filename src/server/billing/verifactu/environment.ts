import type { BillingMode } from '../../../common/schemas/verifactu';
import type { AeatEnvironment } from './qr';

/**
 * The AEAT's environment of a billing mode: pruebas goes to its test hosts (prewww1 for the records, prewww2 for
 * the QR's verification), producción to its production hosts. Never configuration: an installation that has not
 * gone live cannot point a QR at the AEAT's live host.
 */
export const environmentOf = (mode: BillingMode): AeatEnvironment => (mode === 'produccion' ? 'production' : 'test');
