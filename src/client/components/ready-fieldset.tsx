import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

const RESET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/**
 * The controls of a form on a page the server drew, disabled until the app has taken the page over: a
 * form sent by the browser itself would put its fields in the address (a password too), and what was
 * typed before the app ran would be lost when it starts. They keep their look meanwhile
 * (`[data-awaiting-app]` in app/focus.css); only the cursor says to wait. It lasts the moment the code
 * takes to arrive after the page shows.
 */
export function ReadyFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} data-awaiting-app={hydrated ? undefined : ''} style={RESET}>
      {children}
    </fieldset>
  );
}
