import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isKnownClientRoute } from '../../common/paths';
import { errorBody } from './errors';

/**
 * Serves the built client: hashed assets cached for a year, `index.html` never cached, and every
 * non-API path answered with the app (history fallback) — 200 for our routes, 404 for the rest,
 * where the app shows its not-found page. API paths answer a JSON 404.
 */
export default fp(async function spaPlugin(app: FastifyInstance, options: { clientDir?: string }) {
  const indexFile = options.clientDir ? path.join(options.clientDir, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (options.clientDir && !indexHtml) {
    app.log.warn({ clientDir: options.clientDir }, 'client not built: run `npm run build`');
  }

  if (options.clientDir && indexHtml) await app.register(fastifyStatic, {
    root: options.clientDir,
    index: false,
    wildcard: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send(errorBody('NOT_FOUND'));
    }
    if (!indexHtml || pathname.startsWith('/assets/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Archivo no encontrado');
    }
    return reply
      .status(isKnownClientRoute(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
});
