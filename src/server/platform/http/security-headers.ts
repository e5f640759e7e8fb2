import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { overHttps, STRICT_TRANSPORT_SECURITY } from '../transport';

/**
 * The headers helmet sets for these options, worked out once: they never change per request, and the
 * Fastify wrapper of helmet rebuilt the whole middleware (parsing the policy) on every request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Our security headers that never change per request: content security policy, nosniff, referrer policy…
 * `Strict-Transport-Security` is not among them: it is added to each answer over HTTPS (below). `formTargets` are the
 * other origins a page may post a form to (the bank's payment page: the payment form is posted there).
 */
export function securityHeadersFor(
  config: Pick<Config, 'publicUrl'>,
  { formTargets = [] }: { formTargets?: string[] } = {},
): Record<string, string> {
  const https = config.publicUrl.startsWith('https://');
  return helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables in <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...formTargets],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
}

/** The security headers of an answer to this request: the fixed ones, and HSTS when it came over HTTPS. */
export function securityHeadersOf(
  headers: Record<string, string>,
  request: Pick<FastifyRequest, 'protocol'>,
): Record<string, string> {
  return overHttps(request) ? { ...headers, 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : headers;
}

/**
 * Sets the security headers on every answer that goes through Fastify's hooks. Answers written by hand
 * (a hijacked reply, an error raised before routing) copy them themselves: `reply.getHeaders()` holds
 * them from `onRequest` on.
 */
export default fp(async function securityHeadersPlugin(
  app: FastifyInstance,
  options: { headers: Record<string, string> },
) {
  const { headers } = options;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersOf(headers, request));
    done();
  });
});
