import { everyone, mine, only, signedIn, theirs, type MatrixEntry } from './helpers';

/**
 * Message channels (issue 24, items 3 and 4; replies, issue 38). The providers' callbacks are public but
 * signature-verified: the matrix's app has no provider configured, so they answer 404 to everyone (their signatures
 * are tested in communications/channels/channels.test.ts and scheduling/replies/replies.test.ts against a configured
 * app).
 */
export const CHANNEL_ROWS: Record<string, MatrixEntry> = {
  'POST /api/public/messages/twilio/status': {
    label: 'no SMS provider configured in the matrix’s app',
    expect: everyone(404),
    payload: () => 'MessageSid=SM1&MessageStatus=delivered',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
  'POST /api/public/messages/twilio/incoming': {
    label: 'no SMS provider configured in the matrix’s app',
    expect: everyone(404),
    payload: () => 'MessageSid=SM1&From=%2B34600111222&Body=SI',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
  'GET /api/public/messages/whatsapp/webhook': {
    label: 'no WhatsApp provider configured in the matrix’s app',
    expect: everyone(404),
    query: () => '?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1',
  },
  'POST /api/public/messages/whatsapp/webhook': {
    label: 'no WhatsApp provider configured in the matrix’s app',
    expect: everyone(404),
    payload: () => ({ object: 'whatsapp_business_account', entry: [] }),
  },
  'GET /api/public/surveys/:token': {
    label: 'an unknown survey link is not found for anyone',
    expect: everyone(404),
    params: () => ({ token: 'x'.repeat(32) }),
  },
  'POST /api/public/surveys/:token': {
    label: 'an unknown survey link is not found for anyone',
    expect: everyone(404),
    params: () => ({ token: 'x'.repeat(32) }),
    payload: () => ({ score: 5, comment: '' }),
  },
  'GET /api/settings/channels': { expect: only(['admin']) },
  'PUT /api/settings/channels': {
    expect: only(['admin']),
    payload: () => ({ channels: ['email'], surveyEnabled: false, surveyDelayHours: 3, surveyReviewUrl: '' }),
  },
  // «Puesta en marcha» (issue 37, item 5): the matrix's app has no SMTP and no SMS provider, so the tests answer
  // 200 with `sent: false` and record nothing (their sending is tested in billing/go-live/go-live.test.ts).
  'GET /api/settings/go-live': { expect: only(['admin']) },
  'POST /api/settings/go-live/email-test': { expect: only(['admin']) },
  'POST /api/settings/go-live/sms-test': { expect: only(['admin']), payload: () => ({ phone: '600123456' }) },
  'GET /api/patients/:id/channel': {
    cases: [
      {
        label: 'own record',
        expect: signedIn(),
        params: (w, actor) => ({ id: mine(w, actor).recordId }),
      },
      {
        label: 'another person’s record',
        expect: { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 200 },
        params: (w, actor) => ({ id: theirs(w, actor).recordId }),
      },
    ],
  },
  'PUT /api/patients/:id/channel': {
    expect: only(['admin']),
    params: (w) => ({ id: w.A.recordId }),
    payload: () => ({ preferredChannel: 'email', phoneConsent: false }),
  },
  'GET /api/me/channel': { expect: only(['paciente']) },
  'PUT /api/me/channel': {
    expect: only(['paciente']),
    payload: () => ({ preferredChannel: 'email', phoneConsent: false }),
  },
};
