import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { APP_MODULES_ELEMENT_ID, type AppModules, type AppStart, type RenderedPage } from '../../../common/app-modules';
import { INITIAL_STATE_ELEMENT_ID, type InitialState } from '../../../common/initial-state';
import { paths } from '../../../common/paths';
import { escapeHtml } from '../mail/layout';

/** Vite's `.vite/manifest.json`: each source module's chunk, what it imports and its stylesheets. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * The screens a first visit to a public page needs (client root relative), fetched with the entry.
 * These pages are also the ones the server renders (spa-render.ts).
 */
const PUBLIC_LAYOUT = 'app/layouts/public-layout.tsx';
const SCREENS: Record<string, { module: string; start: AppStart }> = {
  [paths.home]: { module: 'app/routes/public/landing.tsx', start: 'intent' },
  [paths.booking]: { module: 'app/routes/public/booking.tsx', start: 'paint' },
  [paths.terms]: { module: 'app/routes/public/terms.tsx', start: 'intent' },
  [paths.privacy]: { module: 'app/routes/public/privacy.tsx', start: 'intent' },
  [paths.auth.login]: { module: 'app/routes/auth/login.tsx', start: 'paint' },
  [paths.auth.register]: { module: 'app/routes/auth/register.tsx', start: 'paint' },
  [paths.auth.resetPassword]: { module: 'app/routes/auth/reset-password.tsx', start: 'paint' },
};

export function readManifest(clientDir: string): Manifest | undefined {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/** The public pages the server sends rendered. */
export const isRenderedPage = (pathname: string) => Object.hasOwn(SCREENS, pathname);

/** A screen's chunks and stylesheets, each chunk's imports before it (so stylesheets cascade in order). */
function screenAssets(manifest: Manifest, screen: string): { scripts: string[]; stylesheets: string[] } {
  const seen = new Set<string>();
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key] || key === 'index.html') return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
    scripts.push(manifest[key].file);
    stylesheets.push(...(manifest[key].css ?? []).filter((sheet) => !stylesheets.includes(sheet)));
  };
  [PUBLIC_LAYOUT, screen].forEach(visit);
  return { scripts, stylesheets };
}

/**
 * `<link>`s that let the browser fetch a public page's screen (its chunks and stylesheets) at the same
 * time as the entry, instead of after the entry has run and the router asked for it.
 */
export function preloadsOf(manifest: Manifest | undefined, pathname: string): string {
  const screen = SCREENS[pathname];
  if (!manifest || !screen) return '';
  const { scripts, stylesheets } = screenAssets(manifest, screen.module);
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...stylesheets.map((sheet) => `<link rel="preload" as="style" crossorigin href="/${sheet}">`),
  ].join('');
}

/**
 * The head of a page the server rendered. Every rule its first paint needs (the entry's stylesheet and
 * the screen's) is inside the page, so nothing blocks the paint but the page itself. Each inlined
 * stylesheet is also listed as a *disabled* link: the browser fetches nothing for it, and Vite's loader,
 * which looks for a stylesheet link before adding one, finds it there when the screen's chunk loads and
 * adds no second copy. The only script is the loader (boot.ts), which fetches the app's entry and the
 * screen's chunks once the page is painted: the page is drawn already, the code only makes it
 * interactive, so neither the browser nor Lighthouse's simulation waits for it to paint.
 */
export function renderedHeadOf(manifest: Manifest, pathname: string, readAsset: (file: string) => string): string {
  const screen = SCREENS[pathname];
  const entry = manifest['index.html'];
  const boot = manifest['boot.ts'];
  if (!screen || !entry || !boot) return '';
  const { scripts, stylesheets } = screenAssets(manifest, screen.module);
  const entryStylesheets = entry.css ?? [];
  const inlined = [...entryStylesheets, ...stylesheets.filter((sheet) => !entryStylesheets.includes(sheet))];
  const entryImports = (entry.imports ?? []).map((key) => manifest[key]?.file).filter((file) => file !== undefined);
  const modules: AppModules = {
    start: screen.start,
    entry: `/${entry.file}`,
    before: entryImports.map((file) => `/${file}`),
    preload: [...new Set([...entryImports, ...scripts])].map((file) => `/${file}`),
  };
  return [
    `<style>${inlined.map(readAsset).join('\n')}</style>`,
    ...inlined.map((sheet) => `<link rel="stylesheet" crossorigin href="/${sheet}" disabled>`),
    `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${scriptSafeJson(modules)}</script>`,
    `<script type="module" crossorigin src="/${boot.file}"></script>`,
  ].join('');
}

/** `index.html` without what Vite wrote into its head (the entry's script and stylesheets): `renderedHeadOf` replaces them. */
export const forRenderedPage = (indexHtml: string) =>
  indexHtml
    .replace(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>\s*/g, '')
    .replace(/<script type="module"[^>]*src="\/assets\/[^"]+\.js"[^>]*><\/script>\s*/g, '');

/** JSON that is safe inside a `<script>` element: no `</script>` or comment opener can form. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The app's page with the initial state and the page's preloads written into its head, and the
 * server's render of the page, when there is one, inside the root element and as the tab's title.
 */
export function renderPage(
  indexHtml: string,
  state: InitialState | null,
  preloads: string,
  rendered?: RenderedPage,
): string {
  const data = state
    ? `<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}">${scriptSafeJson(state)}</script>`
    : '';
  const page = indexHtml
    .replace('</head>', `${preloads}${data}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${rendered?.html ?? ''}</div>`);
  // The title can carry the clinic's name, so it is escaped.
  return rendered?.title ? page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`) : page;
}

/** The encodings a client accepts (`Accept-Encoding`), those it refuses with `q=0` left out. */
function accepted(header: string | undefined): Set<string> {
  const names = (header ?? '').split(',').map((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    return refused ? '' : name.trim();
  });
  return new Set(names.filter(Boolean));
}

/** The page compressed as the client accepts (brotli, else gzip), or as it is. A few kB: done inline. */
export function compressPage(
  page: string,
  acceptEncoding: string | undefined,
): { encoding?: 'br' | 'gzip'; body: Buffer | string } {
  const encodings = accepted(acceptEncoding);
  if (encodings.has('br')) {
    return {
      encoding: 'br',
      body: zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    };
  }
  if (encodings.has('gzip')) return { encoding: 'gzip', body: zlib.gzipSync(page) };
  return { body: page };
}
