import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { RenderedPage } from '../common/app-modules';
import type { InitialState } from '../common/initial-state';
import { App } from './app/app';
import { DocumentTitleContext } from './components/page-title';

/**
 * The HTML of a public page as the browser's first render will draw it (src/client/main.tsx hydrates
 * it): the same App, with the state the server embeds in the page and a router fixed at `url`. Every
 * lazy screen on the way is awaited, so the page arrives whole.
 */
export async function renderPage(url: string, initialState: InitialState): Promise<RenderedPage> {
  const page = await renderOnce(url, initialState);
  // React finishes a boundary that could not be inlined with a script, which the content security
  // policy (script-src 'self') would refuse: the server then sends the page empty, the browser draws it.
  if (page.html.includes('<script')) throw new Error(`${url}: the render needs inline scripts`);
  return page;
}

async function renderOnce(url: string, initialState: InitialState): Promise<RenderedPage> {
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  }
  let title: string | undefined;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <DocumentTitleContext value={(named) => (title = named)}>
        <App initialState={initialState} Router={Router} />
      </DocumentTitleContext>
    </StrictMode>,
    // React outlines a boundary whose content is larger than this, to be revealed by a script: never here.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return { html: Buffer.concat(chunks).toString('utf8'), title };
}
