import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The codes of the short links (`/r/<code>`, decision 0127): 10 letters and digits drawn at random, about 59.5
 * bits — guessing one at the rate limit's pace would take longer than the universe has lasted. The code is never
 * stored: a row is found by the SHA-256 of the code (`idOf`), and the path it leads to is sealed with AES-256-GCM
 * under a key derived from the code (`seal`), so the table alone (a backup, a leak) opens no link. Letters and
 * digits only: SMS apps end a link at a trailing «-» or «_», and each character is one GSM-7 septet.
 */
export const CODE_LENGTH = 10;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of the alphabet's size under 256: bytes from it up are drawn again (no bias). */
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length);
const CODE_SHAPE = new RegExp(`^[A-Za-z0-9]{${CODE_LENGTH}}$`);

export function newCode(): string {
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH * 2)) {
      if (byte < UNBIASED_BELOW && code.length < CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

/** Whether a path segment can be a code at all (anything else is unknown without asking the database). */
export const isCodeShaped = (value: string) => CODE_SHAPE.test(value);

const derive = (purpose: string, code: string) =>
  createHash('sha256').update(`clinica/enlace-corto/${purpose}\0${code}`).digest();

/** The row's id: the code's hash, in hex. */
export const idOf = (code: string) => derive('id', code).toString('hex');

/** The target sealed under the code's key: IV, ciphertext and tag, in base64url. */
export function seal(target: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive('clave', code), iv);
  const body = Buffer.concat([cipher.update(target, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The target of a sealed value, or null when the code does not open it (a tampered row). */
export function unseal(sealed: string, code: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', derive('clave', code), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A target must be a path of this server (never another site: the redirect is no open redirect). */
export const isOwnPath = (target: string) => /^\/(?![/\\])[^\s\\]*$/.test(target);
