/**
 * What a page the server rendered carries for its loader (src/client/boot.ts), in a JSON script
 * element: when to start the app, its entry and the chunks of the page's screen.
 */
export interface AppModules {
  /**
   * When the loader starts the app: after the first paint on a page with a form (it waits for the app),
   * on the visitor's first sign of acting (a touch, a key, the pointer) on a page that is only read
   * until then — the landing and the legal pages, whose links work as plain links.
   */
  start: AppStart;
  entry: string;
  /** The entry's own imports, run one by one before it, each in a task of its own. */
  before: string[];
  preload: string[];
}

export type AppStart = 'paint' | 'intent';

export const APP_MODULES_ELEMENT_ID = 'app-modules';

/** A public page as the server's renderer draws it (src/client/entry-server.tsx). */
export interface RenderedPage {
  /** The root element's HTML. */
  html: string;
  /** The title the screen gives itself (useDocumentTitle); undefined if it names none. */
  title?: string;
}
