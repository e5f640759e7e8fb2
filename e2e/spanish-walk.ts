import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { areaOf, paths } from '../src/common/paths';
import type { Role } from '../src/common/roles';
import { expect } from './fixtures';
import { describeFindings, findNonSpanish, type Finding } from './spanish-text';

export type Walker = Role | 'visitante';

/** One client route of src/common/paths.ts: its name there, its pattern («/admin/pacientes/:p0»), who walks it. */
export interface RouteEntry {
  name: string;
  pattern: string;
  params: number;
  build: (...args: string[]) => string;
  walker: Walker;
}

/** The role whose area holds `pattern`; everything outside the areas is walked as a visitor. */
function walkerOf(pattern: string): Walker {
  for (const [role, area] of Object.entries(areaOf) as [Role, string][]) {
    if (pattern === area || pattern.startsWith(`${area}/`)) return role;
  }
  return 'visitante';
}

/** Every route of `paths` (strings and builders), so a route added there is walked without touching the spec. */
export function allRoutes(): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const visit = (value: unknown, name: string) => {
    if (typeof value === 'string') {
      routes.push({ name, pattern: value, params: 0, build: () => value, walker: walkerOf(value) });
    } else if (typeof value === 'function') {
      const builder = value as (...args: string[]) => string;
      const pattern = builder(...Array.from({ length: builder.length }, (_, index) => `:p${index}`));
      routes.push({ name, pattern, params: builder.length, build: builder, walker: walkerOf(pattern) });
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) visit(child, `${name}.${key}`);
    }
  };
  visit(paths, 'paths');
  return routes;
}

/** A pattern as a regular expression over a path (parameters are one segment each). */
export const patternRegExp = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:p\d+/g, '([^/?#]+)')}$`);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The path literals of the client router (src/client/app/router.tsx), absolute, parameters as «:x». */
export function routerPaths(): string[] {
  const source = fs.readFileSync(path.join(ROOT, 'src/client/app/router.tsx'), 'utf8');
  const found: string[] = [];
  let area = '';
  for (const line of source.split('\n')) {
    const areaMatch = /path:\s*paths\.(\w+)\.root/.exec(line);
    if (areaMatch) area = (paths as unknown as Record<string, { root: string }>)[areaMatch[1]!]!.root;
    const literal = /path:\s*'([^']+)'/.exec(line)?.[1];
    if (!literal || literal === '*') continue;
    found.push(literal.startsWith('/') ? literal : `${area}/${literal}`);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// In the page

declare global {
  interface Window {
    __spanishSeen?: Set<string>;
    __spanishToasts?: string[];
  }
}

/**
 * Records, from the first byte of every page, the texts and labels that appear (toasts, «loading» states,
 * tooltips) even if they are gone by the time the page is read.
 */
export async function watchTransientTexts(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen = new Set<string>();
    const toasts: string[] = [];
    window.__spanishSeen = seen;
    window.__spanishToasts = toasts;
    const LABELS = [
      'title',
      'aria-label',
      'placeholder',
      'alt',
      'aria-description',
      'aria-roledescription',
      'aria-valuetext',
    ];
    const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
    const add = (text: string | null | undefined) => {
      const value = text?.replace(/\s+/g, ' ').trim();
      if (value && seen.size < 5000) seen.add(value);
    };
    const labelsOf = (element: Element) => {
      for (const name of LABELS) add(element.getAttribute(name));
    };
    // An element's text with a bar where one cell, chart label or block ends and the next begins: textContent would
    // read a table's «0,00 €» and «300,00 €» as «0,00 €300,00 €», an amount after its euro sign.
    const textOf = (element: Element) => {
      let text = '';
      let block: Element | null = null;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const own = node.parentElement?.closest('td,th,text,li,p,div') ?? null;
        text += (own !== block ? ' | ' : '') + (node.textContent ?? '');
        block = own;
      }
      return text;
    };
    const record = (node: Node) => {
      const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
      if (!element || SKIP.has(element.tagName)) return;
      const text = textOf(element);
      if (text.length <= 300 && !element.querySelector('script,style')) add(text);
      labelsOf(element);
      if (node === element)
        for (const child of element.querySelectorAll(LABELS.map((name) => `[${name}]`).join(','))) labelsOf(child);
      const toast =
        element.closest('.mantine-Notification-root') ?? element.querySelector('.mantine-Notification-root');
      if (toast) {
        const labels = [...toast.querySelectorAll('[aria-label],[title]')].map(
          (child) => child.getAttribute('aria-label') ?? child.getAttribute('title'),
        );
        toasts.push([toast.textContent, ...labels].join(' · '));
      }
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'childList') mutation.addedNodes.forEach(record);
        else if (mutation.type === 'characterData') record(mutation.target);
        else if (mutation.type === 'attributes')
          add((mutation.target as Element).getAttribute(mutation.attributeName!));
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: LABELS,
    });
  });
}

interface PageTexts {
  title: string;
  body: string;
  attributes: { where: string; text: string }[];
  cells: string[];
  transient: string[];
  toasts: string[];
}

/** What the page shows and says now, plus what came and went since the last read. */
function readPage(page: Page): Promise<PageTexts> {
  return page.evaluate(() => {
    const LABELS = [
      'title',
      'aria-label',
      'placeholder',
      'alt',
      'aria-description',
      'aria-roledescription',
      'aria-valuetext',
    ];
    const attributes: { where: string; text: string }[] = [];
    for (const element of document.querySelectorAll(LABELS.map((name) => `[${name}]`).join(','))) {
      for (const name of LABELS) {
        const text = element.getAttribute(name);
        if (text?.trim()) attributes.push({ where: `${name} de <${element.tagName.toLowerCase()}>`, text });
      }
    }
    const transient = [...(window.__spanishSeen ?? [])];
    window.__spanishSeen?.clear();
    const toasts = (window.__spanishToasts ?? []).splice(0);
    return {
      title: document.title,
      body: document.body.innerText,
      attributes,
      cells: [...document.querySelectorAll('td, th, [role=cell], [role=gridcell]')].map(
        (cell) => (cell as HTMLElement).innerText,
      ),
      transient,
      toasts,
    };
  });
}

/** The findings on the page as it is now (each finding once per page). */
export async function findingsOnPage(page: Page): Promise<Finding[]> {
  const texts = await readPage(page);
  const findings = [
    ...findNonSpanish(texts.title, 'título de la pestaña'),
    ...findNonSpanish(texts.body, 'texto'),
    ...texts.attributes.flatMap(({ where, text }) => findNonSpanish(text, where)),
    ...texts.cells.flatMap((cell) => findNonSpanish(cell, 'celda de tabla')),
    ...texts.transient.flatMap((text) => findNonSpanish(text, 'texto pasajero')),
    ...texts.toasts.flatMap((text) => findNonSpanish(text, 'aviso (toast)')),
  ];
  const unique = new Map<string, Finding>();
  for (const finding of findings) {
    const key = `${finding.what}|${finding.match.toLowerCase()}`;
    if (!unique.has(key) || unique.get(key)!.where === 'texto pasajero') unique.set(key, finding);
  }
  return [...unique.values()];
}

/** The toasts seen since the last read (read them before `findingsOnPage` clears them). */
export const toastsSeen = (page: Page) => page.evaluate(() => [...(window.__spanishToasts ?? [])]);

/** Collects the problems of a whole walk; the test fails once at the end with all of them. */
export class Report {
  readonly problems: string[] = [];

  async check(page: Page, what: string) {
    const text = await page.locator('body').innerText();
    if (text.trim().length < 20) this.fail(what, 'la página no muestra texto que leer');
    const lang = await page.locator('html').getAttribute('lang');
    if (lang !== 'es' && !lang?.startsWith('es-')) this.fail(what, `<html lang="${lang}">: debe ser «es»`);
    for (const line of describeFindings(await findingsOnPage(page))) this.problems.push(`${what} — ${line}`);
  }

  fail(what: string, reason: string) {
    this.problems.push(`${what} — ${reason}`);
  }

  expectClean(who: string) {
    expect(this.problems, `textos que no están en español (${who})`).toEqual([]);
  }
}

/** Opens a route and waits until its screen is there: no «Cargando...», a level-1 heading, the network quiet. */
export async function openRoute(page: Page, url: string) {
  await page.goto(url);
  await settle(page);
}

export async function settle(page: Page) {
  await expect(page.getByText(/^Cargando/)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Cargando/)).toHaveCount(0);
}

/** The hrefs of every link on the page (to find the demo ids of routes with parameters). */
export const linksOn = (page: Page) =>
  page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
