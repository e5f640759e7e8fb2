import type { LightMyRequestResponse } from 'fastify';
import { secondFactorApi } from '../../common/second-factor-paths';
import { clock } from '../platform/clock';
import { TEST_PASSWORD, type TestApp } from './app';
import { PENDING_COOKIE } from '../identity/second-factor/pending';
import { TOTP_PERIOD_SECONDS, totpCode } from '../identity/second-factor/totp';

/** The `name=value` of the pending sign-in's cookie a response set. */
export function pendingCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === PENDING_COOKIE);
  if (!cookie) throw new Error(`no pending sign-in cookie in the response: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Whether the response started a session (set the session cookie with a value). */
export const startedSession = (response: LightMyRequestResponse) =>
  response.cookies.some((c) => c.name === 'clinica_session' && c.value !== '');

/** The password step: its answer and the pending sign-in's cookie it set. */
export async function passwordStep(t: TestApp, email: string, password = TEST_PASSWORD) {
  const response = await t.request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  return { response, pending: pendingCookieOf(response) };
}

/** Sets up an authenticator app from the profile: answers its secret and the recovery codes it came with. */
export async function enrolTotp(t: TestApp, cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await t.request({ method: 'POST', url: secondFactorApi.myTotp, cookie });
  if (started.statusCode !== 200) throw new Error(`enrolment failed: ${started.body}`);
  const { secret } = started.json() as { secret: string };
  const confirmed = await t.request({
    method: 'POST',
    url: secondFactorApi.myTotpConfirm,
    cookie,
    payload: { code: totpCode(secret, clock.nowMs()) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  // The confirming code's step is used: the next sign-in needs the next step's code.
  clock.advance(TOTP_PERIOD_SECONDS * 1000);
  return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Sends a code of the app to the second step. */
export const sendTotp = (t: TestApp, pending: string, code: string) =>
  t.request({ method: 'POST', url: secondFactorApi.totp, cookie: pending, payload: { code } });
