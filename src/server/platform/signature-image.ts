import { SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_WIDTH } from '../../common/schemas/consent-signing';
import { validationError } from './errors';

const PREFIX = 'data:image/png;base64,';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const INVALID = 'La firma dibujada no es una imagen válida: bórrala y vuelve a firmar';

/**
 * The PNG of a drawn signature, from the data URL the signing page sends: decoded, with the PNG signature and an
 * IHDR chunk first, of sensible dimensions (at least 50 × 20, at most 2000 × 1000). Anything else is a 400 on
 * `signature` — never an image pdfkit would choke on.
 */
export function decodeSignaturePng(dataUrl: string): Buffer {
  if (!dataUrl.startsWith(PREFIX)) throw validationError({ signature: INVALID });
  const base64 = dataUrl.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw validationError({ signature: INVALID });
  const png = Buffer.from(base64, 'base64');
  if (png.length < 45 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw validationError({ signature: INVALID });
  }
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (width < 50 || height < 20 || width > SIGNATURE_MAX_WIDTH || height > SIGNATURE_MAX_HEIGHT) {
    throw validationError({ signature: INVALID });
  }
  return png;
}
