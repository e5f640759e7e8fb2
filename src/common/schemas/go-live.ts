import { z } from 'zod';
import { phoneSchema } from './auth';

/** A check of «Puesta en marcha»: ready, missing (opening to patients must wait), or worth a look. */
export const GO_LIVE_STATES = ['correcto', 'falta', 'aviso'] as const;
export type GoLiveState = (typeof GO_LIVE_STATES)[number];

export const GO_LIVE_CHECK_IDS = [
  'public-url',
  'proxy',
  'email',
  'sms',
  'verifactu-certificate',
  'verifactu-mode',
  'issuer',
  'second-factor',
  'backups',
  'secrets-key',
] as const;
export type GoLiveCheckId = (typeof GO_LIVE_CHECK_IDS)[number];

const checkSchema = z.object({
  id: z.enum(GO_LIVE_CHECK_IDS),
  title: z.string(),
  state: z.enum(GO_LIVE_STATES),
  /** What was found, in the clinic's words. */
  detail: z.string(),
  /** How to fix it; null when nothing is to be done. */
  fix: z.string().nullable(),
});
export type GoLiveCheck = z.infer<typeof checkSchema>;

export const goLiveViewSchema = z.object({
  /** No check is «falta»: the clinic may open to patients («aviso» asks for a look, not a wait). */
  ready: z.boolean(),
  checks: z.array(checkSchema),
  /** Where the test e-mail goes: the signed-in admin's own address. */
  adminEmail: z.string(),
  /** Whether an SMS provider is configured (the SMS test is offered only then). */
  smsConfigured: z.boolean(),
});
export type GoLiveView = z.infer<typeof goLiveViewSchema>;

/** The answer of a test message: sent or not, and what happened in Spanish. */
export const goLiveTestResultSchema = z.object({ sent: z.boolean(), detail: z.string() });
export type GoLiveTestResult = z.infer<typeof goLiveTestResultSchema>;

export const goLiveSmsTestSchema = z.strictObject({ phone: phoneSchema });
export type GoLiveSmsTestInput = z.infer<typeof goLiveSmsTestSchema>;
