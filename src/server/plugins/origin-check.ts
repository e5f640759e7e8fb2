import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: a state-changing API request must carry an Origin header naming this site
 * (the configured public URL, or the host the request was sent to).
 */
export default fp(async function originCheckPlugin(app: FastifyInstance, options: { publicUrl: string }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    if (!origin || (origin !== publicOrigin && origin !== own)) throw new AppError(403, 'BAD_ORIGIN');
  });
});
