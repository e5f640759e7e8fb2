/*
 * The only script of a page the server rendered (src/server/plugins/spa-page.ts). The page is drawn
 * already; the app's code only makes it interactive, so it is fetched once the browser has painted the
 * page: on a slow phone the page's own bytes come first, and the first paint never waits for scripts.
 * The entry's own chunks (React DOM first) are run one at a time, each in a task of its own, so that a
 * phone never spends one long task on running them all.
 */
import { APP_MODULES_ELEMENT_ID, type AppModules } from '../common/app-modules';

const PRELOADS_PER_TASK = 6;

/** The next task, through a message channel (as React's scheduler yields): not a timer. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

async function start() {
  const element = document.getElementById(APP_MODULES_ELEMENT_ID);
  if (!element?.textContent) return;
  const { entry, before, preload } = JSON.parse(element.textContent) as AppModules;
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

let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  void start();
};

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
