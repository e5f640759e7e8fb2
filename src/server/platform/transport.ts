import type { FastifyRequest } from 'fastify';

/** `Strict-Transport-Security`: a year, subdomains included; sent only on answers over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Whether a request came over HTTPS: a TLS connection to this server, or `X-Forwarded-Proto: https` written
 * by a proxy that TRUST_PROXY trusts (Fastify believes the header only from a trusted peer, and takes its
 * last value: the one that proxy wrote). Plain HTTP — local development on http://localhost:3000, the
 * browser suite — is not, and neither is the header sent by anyone else.
 */
export function overHttps(request: Pick<FastifyRequest, 'protocol'>): boolean {
  return request.protocol === 'https';
}
