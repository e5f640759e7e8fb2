import { everyone, only, signedIn, type MatrixEntry } from './helpers';

const fakePasskeyAnswer = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {}, clientExtensionResults: {} };
const withoutPending =
  'without a pending sign-in (its cookie), refused to anyone: the flows are in modules/second-factor';

/** The second factor (issue 21): the sign-in's second step, one's own «Segundo factor», an admin's reset. */
export const SECOND_FACTOR_ROWS: Record<string, MatrixEntry> = {
  'POST /api/auth/second-factor/totp': {
    label: withoutPending,
    expect: everyone(400),
    payload: () => ({ code: '123456' }),
  },
  'POST /api/auth/second-factor/recovery': {
    label: withoutPending,
    expect: everyone(400),
    payload: () => ({ code: 'abcd-efgh-jkmn-pqrs' }),
  },
  'POST /api/auth/second-factor/passkey/options': { label: withoutPending, expect: everyone(400) },
  'POST /api/auth/second-factor/passkey': {
    label: withoutPending,
    expect: everyone(400),
    payload: () => ({ response: fakePasskeyAnswer }),
  },
  'POST /api/auth/second-factor/setup/totp': { label: withoutPending, expect: everyone(400) },
  'POST /api/auth/second-factor/setup/totp/confirm': {
    label: withoutPending,
    expect: everyone(400),
    payload: () => ({ code: '123456' }),
  },
  'POST /api/auth/second-factor/setup/passkey/options': { label: withoutPending, expect: everyone(400) },
  'POST /api/auth/second-factor/setup/passkey': {
    label: withoutPending,
    expect: everyone(400),
    payload: () => ({ name: 'Llave', response: fakePasskeyAnswer }),
  },

  'POST /api/auth/passkey-sign-in/options': { expect: everyone(200) },
  'POST /api/auth/passkey-sign-in': {
    label: 'without the challenge’s cookie, refused to anyone (the sign-in is in modules/second-factor)',
    expect: everyone(400),
    payload: () => ({ response: fakePasskeyAnswer }),
  },

  'GET /api/profile/second-factor': { expect: signedIn() },
  'POST /api/profile/second-factor/totp': { expect: signedIn() },
  'POST /api/profile/second-factor/totp/confirm': {
    label: 'a code that is not the app’s is refused to every signed-in user',
    expect: signedIn(400),
    payload: () => ({ code: '000000' }),
  },
  'DELETE /api/profile/second-factor/totp': {
    label: 'nobody of the matrix has an app to remove',
    expect: signedIn(404),
  },
  'POST /api/profile/second-factor/passkeys/options': { expect: signedIn() },
  'POST /api/profile/second-factor/passkeys': {
    label: 'an answer that proves no passkey is refused to every signed-in user',
    expect: signedIn(400),
    payload: () => ({ name: 'Portátil', response: fakePasskeyAnswer }),
  },
  'PATCH /api/profile/second-factor/passkeys/:id': {
    label: 'a passkey that is not one’s own: 404 (renaming one’s own is in modules/second-factor)',
    expect: signedIn(404),
    params: () => ({ id: '00000000-0000-4000-8000-000000000001' }),
    payload: () => ({ name: 'Otra' }),
  },
  'DELETE /api/profile/second-factor/passkeys/:id': {
    label: 'a passkey that is not one’s own: 404',
    expect: signedIn(404),
    params: () => ({ id: '00000000-0000-4000-8000-000000000001' }),
  },
  'POST /api/profile/second-factor/recovery-codes': {
    label: 'without a second factor there are no codes to make',
    expect: signedIn(409),
  },

  'POST /api/auth/password-reset/factors': {
    label: 'a link that was never sent is refused to anyone (the review is in modules/auth/password-reset)',
    expect: everyone(400),
    payload: () => ({ token: 'x'.repeat(43) }),
  },
  'GET /api/profile/step-up': { expect: signedIn() },
  'POST /api/profile/step-up': {
    label:
      'a recovery code the account does not have proves nothing to anyone (the proofs are in modules/second-factor)',
    expect: signedIn(400),
    payload: () => ({ method: 'recovery', code: 'abcd-efgh-jkmn-pqrs' }),
  },
  'POST /api/profile/step-up/passkey/options': {
    label: 'nobody of the matrix has a passkey to prove herself with',
    expect: signedIn(409),
  },

  'GET /api/users/:id/second-factor': { expect: only(['admin']), params: (w) => ({ id: w.A.accountId }) },
  'DELETE /api/users/:id/second-factor': { expect: only(['admin'], 204), params: (w) => ({ id: w.A.accountId }) },
};
