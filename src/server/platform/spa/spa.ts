import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RenderedPage } from '../../../common/app-modules';
import type { InitialState } from '../../../common/initial-state';
import { isKnownClientRoute, paths } from '../../../common/paths';
import { api } from '../../../common/api-paths';
import { SESSION_ENDED_HEADER } from '../../../common/idle';
import { errorBody } from '../http/errors';
import {
  compressPage,
  preloadsOf,
  readManifest,
  renderedHeadOf,
  renderPage,
  forRenderedPage,
  screenOf,
  type Screen,
} from './spa-page';
import { loadPageRenderer } from './spa-render';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)(\.br|\.gz)?$/;

/**
 * Serves the built client: hashed assets cached for a year and sent precompressed (the build writes
 * `.br` and `.gz` beside them), `index.html` never cached, and every non-API path answered with the app
 * (history fallback) — 200 for our routes, 404 for the rest, where the app shows its not-found page.
 * The page carries the session and the clinic's public data, so its first render is final; the
 * public pages arrive rendered (HTML the browser paints before any script runs, which the app then
 * hydrates). API paths answer a JSON 404.
 */
export default fp(async function spaPlugin(app: FastifyInstance, options: { clientDir?: string }) {
  const indexFile = options.clientDir ? path.join(options.clientDir, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  const manifest = options.clientDir && indexHtml ? readManifest(options.clientDir) : undefined;
  const renderer = options.clientDir && indexHtml ? await loadPageRenderer(options.clientDir) : undefined;
  if (options.clientDir && !indexHtml) {
    app.log.warn({ clientDir: options.clientDir }, 'client not built: run `npm run build`');
  }

  if (options.clientDir && indexHtml)
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // A cache must keep the brotli, gzip and plain copies apart.
        if (COMPRESSIBLE.test(filePath)) res.header('Vary', 'Accept-Encoding');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
          // A policy governs documents (and workers), not scripts and styles: ~300 bytes saved on each
          // of the two dozen chunks of a first visit.
          res.removeHeader('content-security-policy');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });

  /**
   * The answers of the session and public clinic endpoints for this visitor, asked through the app
   * itself (same rules, same serialisation). A renewed or cleared session cookie is passed on. On a page
   * opened from a link, also the answer to its screen's read (`linkRead`), as that read would get it from
   * the browser (the same limits and audit, counted once: the page does not ask again) — without the
   * session's cookie, which the link's token stands in for.
   */
  async function initialStateFor(
    request: FastifyRequest,
    reply: FastifyReply,
    linkRead: string | undefined,
  ): Promise<InitialState | null> {
    // Asked from the page's own peer with the proxy's X-Forwarded-For and -Proto, so the app sees the same
    // address (limits, audit) and the same protocol (over HTTPS the session cookie is `__Host-` named).
    const forwarded = (name: 'x-forwarded-for' | 'x-forwarded-proto') => {
      const value = request.headers[name];
      return value === undefined ? {} : { [name]: value };
    };
    const ask = (url: string, cookie?: string) =>
      app.inject({
        method: 'GET',
        url,
        remoteAddress: request.socket.remoteAddress ?? request.ip,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...forwarded('x-forwarded-for'),
          ...forwarded('x-forwarded-proto'),
          'user-agent': request.headers['user-agent'] ?? '',
        },
      });
    try {
      const onBooking = (request.url.split('?')[0] ?? '/') === paths.booking;
      const [session, clinic, bookingOptions, link] = await Promise.all([
        ask(api.auth.session, request.headers.cookie),
        ask(api.public.clinic),
        onBooking ? ask(api.public.bookingOptions) : undefined,
        linkRead ? ask(linkRead) : undefined,
      ]);
      const setCookie = session.headers['set-cookie'];
      if (setCookie) reply.header('set-cookie', setCookie);
      if (session.statusCode !== 200) return null;
      const ended = session.headers[SESSION_ENDED_HEADER];
      return {
        session: session.json(),
        ...(typeof ended === 'string' ? { sessionEnded: ended } : {}),
        clinic: clinic.statusCode === 200 ? clinic.json() : null,
        ...(bookingOptions?.statusCode === 200 ? { bookingOptions: bookingOptions.json() } : {}),
        // Its data or its refusal (a link not valid, expired); a failure of ours (5xx) is left to the page to ask.
        ...(link && link.statusCode < 500
          ? { linkAnswer: { api: linkRead!, status: link.statusCode, body: link.json() as unknown } }
          : {}),
      };
    } catch (error) {
      // The page still works without it: the app asks the API as it loads.
      request.log.warn({ err: error }, 'initial state not embedded');
      return null;
    }
  }

  // What a rendered page's head holds depends only on the build and the screen: made once, not per request (nor
  // per token of a link's page).
  const renderedIndexHtml = indexHtml && forRenderedPage(indexHtml);
  const renderedHeads = new Map<string, string>();
  const renderedHeadFor = (screen: Screen) => {
    const key = `${screen.module} ${screen.start}`;
    let head = renderedHeads.get(key);
    if (head === undefined) {
      head = renderedHeadOf(manifest!, screen, readAsset);
      renderedHeads.set(key, head);
    }
    return head;
  };

  /** A built asset's text (the stylesheets inlined into rendered pages), read once. */
  const assets = new Map<string, string>();
  const readAsset = (file: string) => {
    let text = assets.get(file);
    if (text === undefined) {
      text = fs.readFileSync(path.join(options.clientDir!, file), 'utf8');
      assets.set(file, text);
    }
    return text;
  };

  /**
   * The page's HTML from the server's renderer; empty (the browser draws it) if rendering fails. None of
   * the rendered screens reads the query string, so the page is rendered for its path alone: a link with
   * `?utm_source=…` is served from the cache, and made-up query strings cannot make the server render.
   */
  async function renderedBody(
    request: FastifyRequest,
    pathname: string,
    state: InitialState,
  ): Promise<RenderedPage | undefined> {
    try {
      return await renderer!(pathname, state);
    } catch (error) {
      request.log.error({ err: error }, 'page not rendered on the server');
      return undefined;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send(errorBody('NOT_FOUND'));
    }
    if (!indexHtml || pathname.startsWith('/assets/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Archivo no encontrado');
    }
    const known = isKnownClientRoute(pathname);
    const screen = screenOf(pathname);
    // Only a page the server renders asks its link's read (kept in the page even if its render fails: the app takes
    // it and does not ask again); a HEAD, which gets no page, asks nothing.
    const linkRead = renderer && manifest && request.method === 'GET' ? screen?.read : undefined;
    const state = await initialStateFor(request, reply, linkRead);
    const rendered = state && renderer && manifest && screen ? await renderedBody(request, pathname, state) : undefined;
    // A link's page starts the app by what its read answered (nothing to do on a paid invoice: on her first touch).
    const start = state?.linkAnswer && screen?.startOn ? screen.startOn(state.linkAnswer) : screen?.start;
    const page = rendered?.html
      ? renderPage(renderedIndexHtml!, state, renderedHeadFor({ module: screen!.module, start: start! }), rendered)
      : renderPage(indexHtml, state, known ? preloadsOf(manifest, pathname) : '');
    // The not-found handler is no route, so the compression plugin's route hooks don't reach it.
    const { encoding, body } = compressPage(page, request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return (
      reply
        .status(known ? 200 : 404)
        // The page may embed the signed-in user's name and e-mail (its initial state): no shared cache
        // may keep it, and the browser asks again each time.
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(body)
    );
  });
});
