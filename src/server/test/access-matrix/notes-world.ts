import { eq } from 'drizzle-orm';
import { appointments } from '../../platform/db/schema';
import type { TestApp } from '../app';
import { insertAppointment } from '../fixtures';

/** One side's notes: an attended visit with a draft, one with a draft ready to sign, one signed with a shared summary. */
export interface NoteSide {
  draftAppointmentId: string;
  draftNoteId: string;
  toSignAppointmentId: string;
  signedAppointmentId: string;
  signedNoteId: string;
}

const draft = {
  reason: 'Revisión',
  examination: 'Sin hallazgos',
  diagnosis: 'Sano',
  diagnosisCode: 'Z00.0',
  plan: 'Control anual',
};

/** The notes of sides A and B (the Friday before the world's Monday), written through the repository. */
export async function buildNotesWorld(
  t: TestApp,
  sides: Record<'A' | 'B', { recordId: string; doctorId: string; secrets: string[] }>,
): Promise<Record<'A' | 'B', NoteSide>> {
  const notes = t.deps.repos.clinicalNotes;
  const side = async ({
    recordId,
    doctorId,
    secrets,
  }: {
    recordId: string;
    doctorId: string;
    secrets: string[];
  }): Promise<NoteSide> => {
    const attended = async (time: string) => {
      const row = await insertAppointment(t, {
        patientId: recordId,
        doctorId,
        startsAt: new Date(`2030-01-04T${time}:00+01:00`),
      });
      await t.database.db.update(appointments).set({ status: 'atendida' }).where(eq(appointments.id, row.id));
      return { id: row.id, patientId: recordId, doctorId };
    };
    const [withDraft, toSign, signed] = [await attended('09:00'), await attended('10:00'), await attended('11:00')];
    const draftNote = (await t.write((tx) => notes.saveDraft(withDraft, draft, tx)))!;
    await t.write((tx) => notes.saveDraft(toSign, draft, tx));
    const signedNote = (await t.write((tx) => notes.saveDraft(signed, draft, tx)))!;
    await t.write((tx) => notes.sign(signed.id, tx));
    await t.write((tx) => notes.setSummary(signedNote.id, 'Todo en orden.', true, tx));
    const fixtures = {
      draftAppointmentId: withDraft.id,
      draftNoteId: draftNote.id,
      toSignAppointmentId: toSign.id,
      signedAppointmentId: signed.id,
      signedNoteId: signedNote.id,
    };
    secrets.push(...Object.values(fixtures));
    return fixtures;
  };
  return { A: await side(sides.A), B: await side(sides.B) };
}
