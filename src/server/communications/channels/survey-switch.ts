import { clock } from '../../platform';

/** The moment the survey counts from: kept while it stays on, now when it is turned on, none when off. */
export const surveyEnabledAtAfter = (before: { surveyEnabled: boolean; surveyEnabledAt: Date | null }, on: boolean) =>
  !on ? null : before.surveyEnabled && before.surveyEnabledAt ? before.surveyEnabledAt : clock.now();
