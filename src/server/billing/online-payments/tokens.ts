import { createHash, randomBytes } from 'node:crypto';

/** A payment link's token (256 random bits, base64url) and the hash kept in its place. */
export function newSecretToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
