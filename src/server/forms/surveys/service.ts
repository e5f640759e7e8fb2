import { createHash, randomBytes } from 'node:crypto';
import { clock, latestOf, minus, plus, type Span } from '../../platform';
import { AppError } from '../../platform';
import { transact } from '../../platform';
import { visitSurveyEmail } from './emails';
import { paths } from '../../../common/paths';
import type { CoreDeps } from '../deps';
import { chooseChannel } from '../../communications';
import { shortLinkFor, surveySms, visitDate } from '../../communications';

/** How long the survey's link works. */
export const SURVEY_LINK_DAYS = 14;
/** Attended visits older than this (after the delay) are not asked about: the job was down. */
const SURVEY_LOOKBACK: Span = { days: 7 };
/** At most one after-visit message to a patient in this time, however many visits she had (issue 38, item 3). */
const ONE_PER_PATIENT: Span = { days: 1 };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const SURVEY_NOT_FOUND = 'Este enlace de encuesta no es válido o ha caducado.';

/**
 * The after-visit message (optional per clinic): once per attended visit, `surveyDelayHours` after it ends,
 * never after a no-show or a cancelled one (only `atendida` is looked at), by the patient's channel. Once:
 * the visit's `visit_surveys` row (unique per appointment) is written in the same transaction as the message.
 * Never for the past: only visits that end after it was turned on. One message a day to a patient: her other
 * visits are settled without one.
 */
export function createSurveyService(deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'channels'>) {
  const { repos } = deps;

  async function enqueueDue(now = clock.now()): Promise<number> {
    const settings = await repos.clinic.getSettings();
    if (!settings.surveyEnabled || !settings.surveyEnabledAt) return 0;
    const endedBefore = minus(now, { hours: settings.surveyDelayHours });
    const oldest = latestOf(minus(endedBefore, SURVEY_LOOKBACK), settings.surveyEnabledAt);
    return repos.visitSurveys.claimDue(endedBefore, oldest, 50, async (appointmentId, tx) => {
      const view = await repos.appointments.findView(appointmentId, tx);
      if (!view) return;
      const since = minus(now, ONE_PER_PATIENT);
      if (await repos.visitSurveys.messagedPatientSince(view.patientId, since, tx)) {
        // Settled without a message: she already has one for another visit today.
        await repos.visitSurveys.insert(
          { appointmentId, channel: 'ninguno', tokenHash: null, expiresAt: now, createdAt: now },
          tx,
        );
        return;
      }
      const preference = await repos.channelPreferences.get(view.patientId, tx);
      const choice = preference
        ? chooseChannel(settings.messageChannels, deps.channels.providersOn(), {
            email: view.patientEmail,
            phone: view.patientPhone,
            ...preference,
          })
        : null;
      const token = randomBytes(24).toString('base64url');
      const url = `${deps.config.publicUrl}${paths.survey(token)}`;
      // Written even without a way to reach her: the visit is settled and never looked at again.
      await repos.visitSurveys.insert(
        {
          appointmentId,
          channel: choice?.channel ?? 'ninguno',
          tokenHash: hashToken(token),
          expiresAt: plus(now, { days: SURVEY_LINK_DAYS }),
          createdAt: now,
        },
        tx,
      );
      if (!choice) return;
      const email = view.patientEmail
        ? visitSurveyEmail({
            to: view.patientEmail,
            patientName: view.patientFirstName,
            clinicName: settings.name,
            url,
          })
        : null;
      if (choice.channel === 'email') {
        await deps.outbox.enqueue(email!, { tx, kind: 'visit-survey', appointmentId });
        return;
      }
      const templateParams = choice.channel === 'whatsapp' ? [view.patientFirstName, settings.name, url] : [];
      // By SMS the survey's link goes shortened (`/r/…`, decision 0127): the message stays in one part.
      const smsUrl =
        choice.channel === 'sms'
          ? await shortLinkFor(
              deps,
              { kind: 'encuesta', target: paths.survey(token), expiresAt: plus(now, { days: SURVEY_LINK_DAYS }) },
              tx,
            )
          : url;
      await deps.channels.enqueue(
        {
          kind: 'visit-survey',
          channel: choice.channel,
          appointmentId,
          toNumber: choice.to,
          body: surveySms(settings.name, smsUrl),
          templateParams,
          fallbackEmail: email && { to: email.to, subject: email.subject, text: email.text, html: email.html },
        },
        tx,
      );
    });
  }

  /** The survey a link opens (404 when unknown or expired). */
  async function find(token: string) {
    const survey = await repos.visitSurveys.findByTokenHash(hashToken(token), clock.now());
    const view = survey && (await repos.appointments.findView(survey.appointmentId));
    if (!survey || !view) throw new AppError(404, 'NOT_FOUND', SURVEY_NOT_FOUND);
    const settings = await repos.clinic.getSettings();
    const { day } = visitDate(view.startsAt, settings.timeZone);
    return {
      survey,
      presented: {
        clinicName: settings.name,
        visitDate: day,
        doctorName: view.doctorName,
        answered: survey.answeredAt !== null,
        reviewUrl: reviewInvitation(settings.surveyReviewUrl, survey.score),
      },
    };
  }

  /** Records the answer once; a second answer is refused (409) and changes nothing. */
  async function answer(token: string, input: { score: number; comment: string }) {
    const { survey, presented } = await find(token);
    const recorded = await transact(deps.db, (tx) =>
      repos.visitSurveys.answer(survey.id, input.score, input.comment, clock.now(), tx),
    );
    if (!recorded) throw new AppError(409, 'CONFLICT', 'Esta encuesta ya está respondida. ¡Gracias!');
    const settings = await repos.clinic.getSettings();
    return { ...presented, answered: true, reviewUrl: reviewInvitation(settings.surveyReviewUrl, input.score) };
  }

  return { enqueueDue, view: async (token: string) => (await find(token)).presented, answer };
}

/**
 * The clinic's review page for everyone who answered, whatever the score: inviting only the satisfied ones is the
 * «review gating» Google and other platforms forbid (docs/decisions/0095-survey-review-invitation.md).
 */
const reviewInvitation = (url: string, score: number | null) => (url && score !== null ? url : null);

export type SurveyService = ReturnType<typeof createSurveyService>;
