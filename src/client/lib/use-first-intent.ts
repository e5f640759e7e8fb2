import { useEffect } from 'react';

/** What tells that the visitor is about to act: a touch, a key, the pointer (as the page's loader, boot.ts). */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/**
 * Runs `act` once, at the visitor's first touch, key or pointer movement on the page after it mounted: for code
 * the page will need soon but that need not share the page's start with it (on a phone, its longest stretch).
 */
export function useFirstIntent(act: () => void) {
  useEffect(() => {
    const once = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, once, true);
      act();
    };
    for (const type of INTENT_EVENTS) window.addEventListener(type, once, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, once, true);
    };
    // Once for the page: the first `act` given is the one run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
