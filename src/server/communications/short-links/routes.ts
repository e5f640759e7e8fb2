import { z } from 'zod';
import { paths } from '../../../common/paths';
import { readClinicSettings } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { shortLinkPage } from './page';
import { openShortLink } from './use-cases';

// Any text: whatever is not a code is simply unknown (a page, not a validation error, for whoever tapped it).
const codeParams = z.object({ code: z.string() });

/**
 * `/r/<code>`, the short links of SMS and WhatsApp messages (decision 0127): a 303 to the page the link stands for,
 * on this server; an unknown code a Spanish page with 404, an expired one with 410. Public (the code is the proof),
 * declared to the access policy like the API's routes, and counted by a limit of its own against guessing.
 */
export const shortLinksRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    paths.shortLink(':code'),
    {
      config: { access: 'public', rateLimit: deps.config.limits.shortLink },
      schema: { params: codeParams },
    },
    async (request, reply) => {
      const opened = await openShortLink(deps, request.params.code);
      // The address carries a bearer link: no cache keeps it, and it is sent nowhere as a referrer.
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      if (opened.state === 'found') return reply.redirect(opened.target, 303);
      const settings = await readClinicSettings(deps);
      return reply
        .status(opened.state === 'expired' ? 410 : 404)
        .type('text/html; charset=utf-8')
        .send(shortLinkPage(opened.state, settings));
    },
  );
};
