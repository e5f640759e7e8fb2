import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses answers over 1 kB (API JSON, the app's page) for clients that accept it. Brotli at
 * quality 4 costs about as much CPU as gzip and compresses better; the build's assets are already
 * compressed at the highest quality (`@fastify/static`'s `preCompressed`) and pass untouched, and so
 * do the event streams (hijacked). See docs/performance-history.md for what it saves.
 */
export default fp(async function compressionPlugin(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
