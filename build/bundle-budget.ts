import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);

/** One output chunk as the budget sees it: what it imports statically and what it weighs as sent. */
export interface BudgetChunk {
  file: string;
  /** Source module that the chunk exposes (a lazy screen, the entry), relative to the client root. */
  module?: string;
  isEntry: boolean;
  imports: string[];
  /** Chunks it loads on demand (`import()`): a lazy screen, a step loaded when shown. */
  dynamicImports?: string[];
  /** Bytes as sent (brotli). */
  sentBytes: number;
  /** Source modules inside the chunk, relative to the client root. */
  modules?: string[];
  /** Stylesheets the chunk brings, with their raw size. */
  css: { file: string; bytes: number }[];
}

export interface Budgets {
  /** JavaScript a first visit to each page downloads (entry + the page's layout and screen), brotli. */
  firstLoad: { page: string; modules: string[]; maxSentBytes: number }[];
  /**
   * JavaScript a page downloads until the visitor can do its main thing, brotli: its first load and every chunk
   * its own chunks load on demand on the way, followed through their `import()`s (not the entry's: those are the
   * other pages), except the chunks of the `later` modules (loaded only after that point, or on a path aside).
   */
  untilReady?: UntilReady[];
  /** The largest a single chunk may be as sent. */
  maxChunkSentBytes: number;
  /** The stylesheets that block the first paint (the entry's), raw bytes each. */
  maxBlockingCssBytes: number;
  /** Source modules that no public page may load first (the areas' screens stay lazy). */
  privateModules?: RegExp;
}

export interface UntilReady {
  page: string;
  /** What the visitor can do once it is loaded («pick a time»), for the messages. */
  until: string;
  /** The page's layout and screen, as in `firstLoad`. */
  modules: string[];
  /** Source modules loaded on demand only after that point (or aside from it): their chunks are not followed. */
  later: string[];
  maxSentBytes: number;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Every chunk a module's chunk needs before it runs (itself and its static imports, transitively). */
function closure(chunks: Map<string, BudgetChunk>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

const holdsAny = (chunk: BudgetChunk, modules: string[]) =>
  modules.some((module) => chunk.module === module || chunk.modules?.includes(module));

/**
 * The chunks a page loads until the visitor can do its main thing: the first load (entries, screens, their
 * static imports) and, from the page's own chunks, what they load on demand, followed until nothing new comes
 * (a `later` module's chunk is not followed). The entries' own `import()`s are the router's other pages.
 */
export function untilReadyFiles(list: BudgetChunk[], page: Pick<UntilReady, 'modules' | 'later'>): Set<string> {
  const chunks = new Map(list.map((chunk) => [chunk.file, chunk]));
  const entries = list.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file);
  // A chunk holding a later module (its facade, or one of its modules when the build merged it into another's).
  const later = new Set(list.filter((chunk) => holdsAny(chunk, page.later)).map((chunk) => chunk.file));
  const screens = list.filter((chunk) => chunk.module && page.modules.includes(chunk.module)).map((c) => c.file);
  const files = closure(chunks, [...entries, ...screens]);
  const followed = new Set(entries);
  for (let more = true; more; ) {
    more = false;
    for (const file of [...files]) {
      if (followed.has(file)) continue;
      followed.add(file);
      const lazy = (chunks.get(file)?.dynamicImports ?? []).filter((target) => !later.has(target));
      for (const reached of closure(chunks, lazy)) {
        if (!files.has(reached)) {
          files.add(reached);
          more = true;
        }
      }
    }
  }
  return files;
}

const sentBytesOf = (list: BudgetChunk[], files: Set<string>) =>
  list.filter((chunk) => files.has(chunk.file)).reduce((sum, chunk) => sum + chunk.sentBytes, 0);

/** The budgets a build breaks, each as a message naming the chunk or page, its size and its budget. */
export function checkBudgets(list: BudgetChunk[], budgets: Budgets): string[] {
  const chunks = new Map(list.map((chunk) => [chunk.file, chunk]));
  const problems: string[] = [];
  for (const chunk of list) {
    if (chunk.sentBytes > budgets.maxChunkSentBytes) {
      problems.push(
        `chunk ${chunk.file} (${chunk.module ?? 'shared'}): ${kB(chunk.sentBytes)} sent > budget ${kB(budgets.maxChunkSentBytes)}`,
      );
    }
  }
  const entries = list.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file);
  for (const file of closure(chunks, entries)) {
    for (const css of chunks.get(file)?.css ?? []) {
      if (css.bytes > budgets.maxBlockingCssBytes) {
        problems.push(
          `render-blocking stylesheet ${css.file}: ${kB(css.bytes)} > budget ${kB(budgets.maxBlockingCssBytes)}`,
        );
      }
    }
  }
  for (const page of budgets.firstLoad) {
    const screens = page.modules.map((module) => list.find((chunk) => chunk.module === module));
    const missing = page.modules.filter((_, index) => !screens[index]);
    if (missing.length > 0) {
      problems.push(`page ${page.page}: no chunk for ${missing.join(', ')}`);
      continue;
    }
    const files = closure(chunks, [...entries, ...screens.map((chunk) => chunk!.file)]);
    const sent = [...files].reduce((sum, file) => sum + (chunks.get(file)?.sentBytes ?? 0), 0);
    if (sent > page.maxSentBytes) {
      problems.push(`page ${page.page}: first-load JavaScript ${kB(sent)} sent > budget ${kB(page.maxSentBytes)}`);
    }
    const leaked = [...files].flatMap((file) =>
      (chunks.get(file)?.modules ?? []).filter((module) => budgets.privateModules?.test(module)),
    );
    if (leaked.length > 0)
      problems.push(`page ${page.page}: first load includes ${leaked.join(', ')} (load it lazily)`);
  }
  for (const page of budgets.untilReady ?? []) {
    const missing = [
      ...page.modules.filter((module) => !list.some((chunk) => chunk.module === module)),
      ...page.later.filter((module) => !list.some((chunk) => holdsAny(chunk, [module]))),
    ];
    if (missing.length > 0) {
      problems.push(`page ${page.page}: no chunk for ${missing.join(', ')}`);
      continue;
    }
    const files = untilReadyFiles(list, page);
    const sent = sentBytesOf(list, files);
    if (sent > page.maxSentBytes) {
      problems.push(
        `page ${page.page}: JavaScript until ${page.until} ${kB(sent)} sent (${files.size} chunks) > budget ${kB(page.maxSentBytes)}`,
      );
    }
    const leaked = [...files].flatMap((file) =>
      (chunks.get(file)?.modules ?? []).filter((module) => budgets.privateModules?.test(module)),
    );
    if (leaked.length > 0) problems.push(`page ${page.page}: loads ${leaked.join(', ')} before ${page.until}`);
  }
  return problems;
}

/** What a page loads until the visitor can do its main thing, for the build's summary. */
export function untilReadyOf(list: BudgetChunk[], page: Pick<UntilReady, 'modules' | 'later'>) {
  const files = untilReadyFiles(list, page);
  return { sentBytes: sentBytesOf(list, files), chunks: files.size };
}

/** First-load JavaScript of each page, for the build's summary. */
export function firstLoadOf(list: BudgetChunk[], modules: string[]): number {
  const chunks = new Map(list.map((chunk) => [chunk.file, chunk]));
  const roots = [
    ...list.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file),
    ...list.filter((chunk) => chunk.module && modules.includes(chunk.module)).map((chunk) => chunk.file),
  ];
  return [...closure(chunks, roots)].reduce((sum, file) => sum + (chunks.get(file)?.sentBytes ?? 0), 0);
}

/** Fails the build (with a message per broken budget) when the output grows past its budgets. */
export function bundleBudget(budgets: Budgets): Plugin {
  let root = '';
  return {
    name: 'clinica:bundle-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After every plugin has rendered (Vite writes the preload map into the entry at generateBundle), so
    // the bytes counted are the bytes of the files sent.
    async writeBundle(_options, bundle) {
      const cssBytes = new Map<string, number>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset' && output.fileName.endsWith('.css')) {
          cssBytes.set(output.fileName, Buffer.byteLength(output.source as string | Uint8Array));
        }
      }
      const list = await Promise.all(
        Object.values(bundle)
          .filter((output) => output.type === 'chunk')
          .map(async (chunk): Promise<BudgetChunk> => {
            const compressed = await brotli(Buffer.from(chunk.code), {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
            });
            const css = [...(chunk.viteMetadata?.importedCss ?? [])];
            return {
              file: chunk.fileName,
              module: chunk.facadeModuleId ? path.relative(root, chunk.facadeModuleId) : undefined,
              isEntry: chunk.isEntry,
              imports: chunk.imports,
              dynamicImports: chunk.dynamicImports,
              modules: Object.keys(chunk.modules).map((id) => path.relative(root, id)),
              sentBytes: compressed.length,
              css: css.map((file) => ({ file, bytes: cssBytes.get(file) ?? 0 })),
            };
          }),
      );
      for (const page of budgets.firstLoad) {
        this.info(
          `first-load JavaScript of ${page.page}: ${kB(firstLoadOf(list, page.modules))} (budget ${kB(page.maxSentBytes)})`,
        );
      }
      for (const page of budgets.untilReady ?? []) {
        const { sentBytes, chunks } = untilReadyOf(list, page);
        this.info(
          `JavaScript of ${page.page} until ${page.until}: ${kB(sentBytes)} in ${chunks} chunks (budget ${kB(page.maxSentBytes)})`,
        );
      }
      const problems = checkBudgets(list, budgets);
      if (problems.length > 0) {
        this.error(`Size budget exceeded (vite.config.ts, budgets):\n  ${problems.join('\n  ')}`);
      }
    },
  };
}
