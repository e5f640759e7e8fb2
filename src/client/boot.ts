/*
 * The only script of a page the server rendered (src/server/platform/spa/spa-page.ts). The page is drawn
 * already; the app's code only makes it interactive. On a page with a form it is fetched once the
 * browser has painted the page (on a slow phone the page's own bytes come first, and the first paint
 * never waits for scripts); on a page that is only read until the visitor acts (the landing, the legal
 * pages) it is fetched at the first sign of acting — a touch, a key, the pointer — and a visitor who
 * only reads spends nothing on it: its links are plain links to pages the server draws.
 * The entry's own chunks (React DOM first) are run one at a time, each in a task of its own, so that a
 * phone never spends one long task on running them all.
 */
import { APP_MODULES_ELEMENT_ID, type AppModules } from '../common/app-modules';

const PRELOADS_PER_TASK = 6;
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/** The next task, through a message channel (as React's scheduler yields): not a timer. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * A button pressed before the app has it would do nothing. Those a visitor may press early carry
 * `data-awaiting-app` until the app has them (useAwaitingAppMark): the press is kept (React does not see
 * it, so it is not carried out twice) and carried out once the mark goes.
 */
let kept: MutationObserver | undefined;
function keepPress(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  const marked = button?.closest('[data-awaiting-app]');
  if (!button || !marked || button.disabled) return;
  event.preventDefault();
  event.stopPropagation();
  startOnce();
  // The last press is the one carried out: two taps on the menu while waiting open it once.
  kept?.disconnect();
  kept = new MutationObserver(() => {
    if (marked.hasAttribute('data-awaiting-app')) return;
    kept?.disconnect();
    if (button.isConnected) button.click();
  });
  kept.observe(marked, { attributes: true, attributeFilter: ['data-awaiting-app'] });
}
document.addEventListener('click', keepPress, true);

async function start({ entry, before, preload }: AppModules) {
  // Each preload is a request the main thread prepares: a page's 24–41 of them at once made one task of
  // 57–70 ms in a Lighthouse trace, so they go a few per task.
  for (let first = 0; first < preload.length; first += PRELOADS_PER_TASK) {
    const links = document.createDocumentFragment();
    for (const href of preload.slice(first, first + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    await nextTask();
  }
  for (const module of before) {
    await import(/* @vite-ignore */ module);
    await nextTask();
  }
  await import(/* @vite-ignore */ entry);
}

const element = document.getElementById(APP_MODULES_ELEMENT_ID);
const modules = element?.textContent ? (JSON.parse(element.textContent) as AppModules) : undefined;

let started = false;
function startOnce() {
  if (started || !modules) return;
  started = true;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, startOnce, true);
  void start(modules);
}

if (modules?.start === 'intent') {
  for (const type of INTENT_EVENTS) window.addEventListener(type, startOnce, { capture: true, passive: true });
} else {
  // After the first contentful paint (a task later, so its frame is out); a browser that never reports
  // one still starts within a second.
  const afterPaint = () => void nextTask().then(startOnce);
  if (performance.getEntriesByName('first-contentful-paint').length > 0) afterPaint();
  else {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterPaint();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(startOnce, 1000);
  }
}
