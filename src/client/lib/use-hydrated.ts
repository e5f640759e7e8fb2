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

/**
 * The mark of a button a visitor may press on a page the server drew before the app has taken it over
 * (the phone menu, the chat, sign-out): while it is there, the page's loader (src/client/boot.ts) keeps
 * the press, and carries it out once the mark goes — when the app has the button.
 */
export function useAwaitingAppMark(): { 'data-awaiting-app'?: '' } {
  return useHydrated() ? {} : { 'data-awaiting-app': '' };
}
