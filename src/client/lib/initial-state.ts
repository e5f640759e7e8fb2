import { INITIAL_STATE_ELEMENT_ID, type InitialState } from '../../common/initial-state';

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
  return state;
}
