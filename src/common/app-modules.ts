/**
 * What a page the server rendered carries for its loader (src/client/boot.ts), in a JSON script
 * element: the app's entry and the chunks of the page's screen, fetched after the first paint.
 */
export interface AppModules {
  entry: string;
  /** The entry's own imports, run one by one before it, each in a task of its own. */
  before: string[];
  preload: string[];
}

export const APP_MODULES_ELEMENT_ID = 'app-modules';
