import { useLayoutEffect, useRef, useState } from 'react';

type Handlers = Record<string, (...args: never[]) => unknown>;

/**
 * The same functions on every render, each calling the handler of the latest render. FullCalendar refines its
 * options again whenever one of them changes identity, and then draws every event again: with inline handlers,
 * each render of the screen (its title, the loader, a dialog) redrew the whole calendar.
 */
export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const [stable] = useState(
    () =>
      Object.fromEntries(
        Object.keys(handlers).map((name) => [
          name,
          (...args: never[]) => (latest.current[name] as (...args: never[]) => unknown)(...args),
        ]),
      ) as T,
  );
  return stable;
}
