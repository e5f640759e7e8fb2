import { everyone, type MatrixEntry } from './helpers';

/**
 * The short links of SMS and WhatsApp messages (`/r/<code>`, decision 0127): public, the code is the proof. Anyone
 * who has one is sent to its page (303); a code nobody made is a Spanish page (404) to anyone.
 */
export const SHORT_LINK_ROWS: Record<string, MatrixEntry> = {
  'GET /r/:code': {
    cases: [
      { label: 'a reminder’s code leads to its page', expect: everyone(303), params: (w) => ({ code: w.shortLink }) },
      { label: 'a code nobody made', expect: everyone(404), params: () => ({ code: 'Zz9Zz9Zz9Z' }) },
    ],
  },
};
