import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { APP_MODULES_ELEMENT_ID, type AppModules, type AppStart, type RenderedPage } from '../../../common/app-modules';
import { INITIAL_STATE_ELEMENT_ID, type EmbeddedAnswer, type InitialState } from '../../../common/initial-state';
import { onlinePaymentApi, quoteApi } from '../../../common/api-paths';
import { paths } from '../../../common/paths';
import type { OnlinePaymentResult, PaymentLinkView } from '../../../common/schemas/online-payments';
import type { QuoteByLink } from '../../../common/schemas/quotes';
import { escapeHtml } from '../mail/layout';

/** Vite's `.vite/manifest.json`: each source module's chunk, what it imports and its stylesheets. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** A public page the server renders: its screen's module (client root relative) and when its loader starts the app. */
export interface Screen {
  module: string;
  start: AppStart;
}

/**
 * The screens a first visit to a public page needs (client root relative), fetched with the entry.
 * These pages are also the ones the server renders (spa-render.ts).
 */
const PUBLIC_LAYOUT = 'app/layouts/public-layout.tsx';
const SCREENS: Record<string, Screen> = {
  [paths.home]: { module: 'app/routes/public/landing.tsx', start: 'intent' },
  [paths.booking]: { module: 'app/routes/public/booking.tsx', start: 'paint' },
  [paths.terms]: { module: 'app/routes/public/terms.tsx', start: 'intent' },
  [paths.privacy]: { module: 'app/routes/public/privacy.tsx', start: 'intent' },
  [paths.auth.login]: { module: 'app/routes/auth/login.tsx', start: 'paint' },
  [paths.auth.register]: { module: 'app/routes/auth/register.tsx', start: 'paint' },
  [paths.auth.resetPassword]: { module: 'app/routes/auth/reset-password.tsx', start: 'paint' },
};

/** The answer's body when the read succeeded. */
const dataOf = <T>(answer: EmbeddedAnswer): T | undefined => (answer.status === 200 ? (answer.body as T) : undefined);

/**
 * The pages a patient opens from a link of a message (issue 36): the address's last segment is the token or id of
 * the one read their screen makes (`read`), which the server asks and embeds (spa.ts) so the page arrives drawn
 * with it, or with its Spanish refusal. When the app starts depends on that answer (`startOn`): after the first
 * paint when the page has something to do — an invoice to pay, a quote to sign, a payment waiting for the bank's
 * word (the page asks again) —, at her first sign of acting when it is only read (paid, decided, not valid).
 */
const LINK_SCREENS: {
  prefix: string;
  module: string;
  read: (param: string) => string;
  startOn: (answer: EmbeddedAnswer) => AppStart;
}[] = [
  {
    prefix: paths.payLink(''),
    module: 'app/routes/public/pay-link.tsx',
    read: onlinePaymentApi.paymentLink,
    startOn: (answer) => {
      const link = dataOf<PaymentLinkView>(answer);
      return link && link.pendingCents > 0 && link.available ? 'paint' : 'intent';
    },
  },
  {
    prefix: paths.onlinePayment(''),
    module: 'app/routes/public/online-payment-result.tsx',
    read: onlinePaymentApi.onlinePayment,
    startOn: (answer) => (dataOf<OnlinePaymentResult>(answer)?.state === 'pendiente' ? 'paint' : 'intent'),
  },
  {
    prefix: paths.quoteSigning(''),
    module: 'app/routes/quote/quote-signing.tsx',
    read: quoteApi.byLink,
    startOn: (answer) => (dataOf<QuoteByLink>(answer)?.state === 'enviado' ? 'paint' : 'intent'),
  },
];

/**
 * Pages opened from a link that the browser draws (a booking's own page, an offer of the waiting list): not rendered
 * here, but their chunks are named in the page's head (`preloadsOf`), since the app's entry keeps no list of them
 * (vite.config.ts): they are only ever opened as a new page.
 */
const DRAWN_LINK_SCREENS: { prefix: string; module: string }[] = [
  { prefix: paths.manageBooking(''), module: 'app/routes/public/manage-booking.tsx' },
  { prefix: paths.waitingOffer(''), module: 'app/routes/public/waiting-offer.tsx' },
];

/**
 * The rendered page at `pathname`: its screen and, on a page opened from a link, the read its screen makes and when
 * the app starts by its answer (after the first paint without one).
 */
export function screenOf(
  pathname: string,
): (Screen & { read?: string; startOn?: (answer: EmbeddedAnswer) => AppStart }) | undefined {
  if (Object.hasOwn(SCREENS, pathname)) return SCREENS[pathname];
  const link = LINK_SCREENS.find((screen) => pathname.startsWith(screen.prefix));
  const param = link && pathname.slice(link.prefix.length);
  if (!link || !param || param.includes('/')) return undefined;
  try {
    // The router hands the screen its parameter decoded, and the screen's fetcher encodes it again: the same path.
    return { module: link.module, start: 'paint', read: link.read(decodeURIComponent(param)), startOn: link.startOn };
  } catch {
    return undefined; // a malformed escape: no page of ours
  }
}

export function readManifest(clientDir: string): Manifest | undefined {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined;
}

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
  const drawn = DRAWN_LINK_SCREENS.find(({ prefix }) => pathname.startsWith(prefix) && pathname.length > prefix.length);
  const module = screenOf(pathname)?.module ?? drawn?.module;
  if (!manifest || !module) return '';
  const { scripts, stylesheets } = screenAssets(manifest, module);
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
export function renderedHeadOf(manifest: Manifest, screen: Screen, readAsset: (file: string) => string): string {
  const entry = manifest['index.html'];
  const boot = manifest['boot.ts'];
  if (!entry || !boot) return '';
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
