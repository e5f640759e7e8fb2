import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React is taking over a page the server drew (and on the server itself), true once the
 * app runs it — and always true on a page the browser drew from the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
