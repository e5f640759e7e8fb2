import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { INITIAL_STATE_ELEMENT_ID, type InitialState } from '../../common/initial-state';
import { paths } from '../../common/paths';

/** Vite's `.vite/manifest.json`: each source module's chunk, what it imports and its stylesheets. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The screens a first visit to a public page needs (client root relative), fetched with the entry. */
const PUBLIC_LAYOUT = 'app/layouts/public-layout.tsx';
const SCREENS: Record<string, string> = {
  [paths.home]: 'app/routes/public/landing.tsx',
  [paths.booking]: 'app/routes/public/booking.tsx',
  [paths.terms]: 'app/routes/public/terms.tsx',
  [paths.privacy]: 'app/routes/public/privacy.tsx',
  [paths.auth.login]: 'app/routes/auth/login.tsx',
  [paths.auth.register]: 'app/routes/auth/register.tsx',
  [paths.auth.resetPassword]: 'app/routes/auth/reset-password.tsx',
};

export function readManifest(clientDir: string): Manifest | undefined {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/**
 * `<link>`s that let the browser fetch a public page's screen (its chunks and stylesheets) at the same
 * time as the entry, instead of after the entry has run and the router asked for it.
 */
export function preloadsOf(manifest: Manifest | undefined, pathname: string): string {
  const screen = SCREENS[pathname];
  if (!manifest || !screen) return '';
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key) || !manifest[key] || key === 'index.html') return;
    chunks.add(key);
    manifest[key].imports?.forEach(visit);
  };
  [PUBLIC_LAYOUT, screen].forEach(visit);
  const links: string[] = [];
  for (const key of chunks) {
    const { file, css = [] } = manifest[key]!;
    links.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
    for (const sheet of css) links.push(`<link rel="preload" as="style" crossorigin href="/${sheet}">`);
  }
  return links.join('');
}

/** JSON that is safe inside a `<script>` element: no `</script>` or comment opener can form. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The app's page with the initial state and the page's preloads written into its head. */
export function renderPage(indexHtml: string, state: InitialState | null, preloads: string): string {
  const data = state
    ? `<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}">${scriptSafeJson(state)}</script>`
    : '';
  return indexHtml.replace('</head>', `${preloads}${data}</head>`);
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
export function compressPage(page: string, acceptEncoding: string | undefined): { encoding?: 'br' | 'gzip'; body: Buffer | string } {
  const encodings = accepted(acceptEncoding);
  if (encodings.has('br')) {
    return { encoding: 'br', body: zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (encodings.has('gzip')) return { encoding: 'gzip', body: zlib.gzipSync(page) };
  return { body: page };
}
