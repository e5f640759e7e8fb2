import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '../../../common/app-modules';
import type { InitialState } from '../../../common/initial-state';

/** The build's renderer of a public page (src/client/entry-server.tsx): the page for a URL and a state. */
export type PageRenderer = (url: string, state: InitialState) => Promise<RenderedPage>;

/** Renders kept for visitors: the same page for everyone, so a phone's first visit costs no render. */
const CACHED_RENDERS = 64;

/**
 * The renderer `vite build --ssr` wrote beside the client (`dist/ssr/entry-server.js`), or undefined
 * when it is not built (the API tests, a client-only build): the pages are then drawn by the browser.
 */
export async function loadPageRenderer(clientDir: string): Promise<PageRenderer | undefined> {
  const file = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderPage: PageRenderer };
  return withVisitorCache(module.renderPage);
}

/**
 * A signed-out visitor's page depends only on the address and the clinic's public data, both in the
 * key: a changed clinic name makes a new entry. Signed-in users get their own render each time, and so
 * does a page opened from a link (its token is one patient's, its page her invoice or quote: nothing to
 * share, and nothing of hers is kept). The oldest entries go first (a Map keeps insertion order), so it
 * stays bounded.
 */
export function withVisitorCache(render: PageRenderer, size = CACHED_RENDERS): PageRenderer {
  const cache = new Map<string, Promise<RenderedPage>>();
  return (url, state) => {
    if (state.session.user || state.linkAnswer) return render(url, state);
    const key = `${url}\n${JSON.stringify(state)}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const rendered = render(url, state);
    cache.set(key, rendered);
    // A failed render is not kept: the next visitor tries again.
    rendered.catch(() => cache.delete(key));
    while (cache.size > size) cache.delete(cache.keys().next().value!);
    return rendered;
  };
}
