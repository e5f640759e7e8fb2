import { recordNames, normalizeDrugText } from '../../../common/allergies';
import { declaredItems } from '../../../common/questionnaire-answers';
import type { DeclaredItem, DeclaredKind, LatestAnswers } from '../../../common/schemas/consultation';
import { presentRequest } from '../questionnaires/answering';
import type { RequestRecord } from '../questionnaires/requests-repository';

/** What the record holds that a declared item may already be in. */
export interface RecordTexts {
  allergies: string;
  medicalHistory: string;
}

/** The key two declarations of one item share: its kind and its name without accents, case or spaces. */
const keyOf = (kind: DeclaredKind, name: string) => `${kind}:${normalizeDrugText(name).trim()}`;

const declaredOf = (record: RequestRecord) =>
  declaredItems(record.sections, record.answers).filter((item) => item.name.trim() !== '');

/**
 * Whether a declared item is in the record already: copied from these answers, or named there (an allergy in the
 * record's allergies, a medication in its history, where «Copiar a la historia» writes it).
 */
function inRecord(record: RequestRecord, texts: RecordTexts, item: ReturnType<typeof declaredOf>[number]) {
  if (record.copied.includes(`${item.questionId}:${item.index}`)) return true;
  return recordNames(item.kind === 'allergies' ? texts.allergies : texts.medicalHistory, item.name);
}

/** The items of the answers shown, each marked new against the previous answers and found or not in the record. */
function compare(
  shown: RequestRecord,
  previous: RequestRecord | undefined,
  texts: RecordTexts,
): { declared: DeclaredItem[]; removed: LatestAnswers['removed'] } {
  const now = declaredOf(shown);
  const before = previous ? declaredOf(previous) : [];
  const nowKeys = new Set(now.map((item) => keyOf(item.kind, item.name)));
  const beforeKeys = new Set(before.map((item) => keyOf(item.kind, item.name)));
  const removed = new Map<string, { kind: DeclaredKind; name: string }>();
  for (const item of before) {
    const key = keyOf(item.kind, item.name);
    if (!nowKeys.has(key) && !removed.has(key)) removed.set(key, { kind: item.kind, name: item.name.trim() });
  }
  return {
    declared: now.map((item) => ({
      questionId: item.questionId,
      index: item.index,
      kind: item.kind,
      name: item.name.trim(),
      detail: item.detail.trim(),
      isNew: previous !== undefined && !beforeKeys.has(keyOf(item.kind, item.name)),
      inRecord: inRecord(shown, texts, item),
    })),
    removed: [...removed.values()],
  };
}

const sentAt = (record: RequestRecord) => record.submittedAt?.getTime() ?? 0;

/**
 * Per questionnaire, the patient's latest answers sent (whatever visit they were asked for) and what changed since
 * the answers sent before them (medications and allergies added or removed), each declared item marked when the
 * record has it already. A questionnaire asked for this visit and never answered is shown as it stands. The ones
 * asked for this visit come first, then the most recently answered.
 */
export function latestAnswers(requests: RequestRecord[], appointmentId: string, texts: RecordTexts): LatestAnswers[] {
  const byQuestionnaire = new Map<string, RequestRecord[]>();
  for (const request of requests) {
    byQuestionnaire.set(request.questionnaireId, [...(byQuestionnaire.get(request.questionnaireId) ?? []), request]);
  }
  const result: (LatestAnswers & { asked: boolean; at: number })[] = [];
  for (const [questionnaireId, group] of byQuestionnaire) {
    const sent = group.filter((request) => request.status === 'enviado').sort((a, b) => sentAt(b) - sentAt(a));
    const ofThisVisit = group.find((request) => request.appointmentId === appointmentId);
    const shown = sent[0] ?? ofThisVisit;
    if (!shown) continue;
    const previous = shown.status === 'enviado' ? sent[1] : undefined;
    result.push({
      questionnaireId,
      answers: presentRequest(shown),
      previousSubmittedAt: previous?.submittedAt?.toISOString() ?? null,
      ...compare(shown, previous, texts),
      thisVisit:
        ofThisVisit && ofThisVisit.id !== shown.id
          ? {
              requestId: ofThisVisit.id,
              status: ofThisVisit.status,
              savedAt: ofThisVisit.savedAt?.toISOString() ?? null,
            }
          : null,
      asked: Boolean(ofThisVisit),
      at: sentAt(shown),
    });
  }
  return result
    .sort((a, b) => Number(b.asked) - Number(a.asked) || b.at - a.at)
    .map(({ asked: _asked, at: _at, ...answers }) => answers);
}
