import { INITIAL_STATE_ELEMENT_ID, type InitialState } from '../../common/initial-state';
import { asSessionEnd, markSessionEnded } from './auth/session-end';

let read = false;
let state: InitialState | null = null;

/** The state the server embedded in the page, or null (the dev server, tests). Parsed once. */
export function initialState(): InitialState | null {
  if (read) return state;
  read = true;
  const element = typeof document === 'undefined' ? null : document.getElementById(INITIAL_STATE_ELEMENT_ID);
  try {
    state = element?.textContent ? (JSON.parse(element.textContent) as InitialState) : null;
  } catch {
    state = null;
  }
  // The server ended the session while serving this page: the screens say why, as after an API answer.
  const ended = asSessionEnd(state?.sessionEnded ?? null);
  if (ended) markSessionEnded(ended);
  return state;
}
