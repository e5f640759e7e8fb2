import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderLeadRefusal, reminderLeadSummary } from '../../../common/schemas/settings';
import { clinicSettings } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';

/**
 * The reminder leaves before the patient's limit to change or cancel online (issue 38): its lead must be greater
 * than the cancellation window, on every way the two settings change, and clinics that stored otherwise are moved.
 */
let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

const patch = (payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: '/api/settings', cookie: admin.cookie, payload });
const stored = async () => (await t.request({ method: 'GET', url: '/api/settings', cookie: admin.cookie })).json();

describe('the reminder lead and the cancellation window', () => {
  it('a new clinic sends the reminder 48 h before, with 24 h left to change or cancel online', async () => {
    expect(await stored()).toMatchObject({ reminderLeadHours: 48, cancellationWindowHours: 24 });
    expect(reminderLeadSummary(48, 24)).toBe(
      'El recordatorio sale 48 h antes; el paciente puede cambiar o cancelar por internet hasta 24 h antes, así que tendrá 24 h para hacerlo.',
    );
  });

  it('refuses a lead not greater than the window, changed alone or with it, naming the field in Spanish', async () => {
    const message =
      'Antelación del recordatorio: debe ser mayor que el plazo de cancelación (24 h), o el recordatorio llegaría cuando ya no se puede cambiar ni cancelar por internet';
    for (const payload of [{ reminderLeadHours: 24 }, { reminderLeadHours: 12 }]) {
      const refused = await patch(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION',
        message,
        fields: { reminderLeadHours: message },
      });
    }
    // The window grown alone past the stored lead is refused on the lead's field, naming the new window.
    const window = await patch({ cancellationWindowHours: 48, name: 'Clínica Cambiada' });
    expect(window.statusCode).toBe(400);
    expect(window.json().error.fields.reminderLeadHours).toContain('(48 h)');
    // Both together, and nothing of a refused change was saved.
    const both = await patch({ cancellationWindowHours: 30, reminderLeadHours: 30 });
    expect(both.statusCode).toBe(400);
    expect(await stored()).toMatchObject({ reminderLeadHours: 48, cancellationWindowHours: 24, name: 'Clínica' });
  });

  it('accepts a lead greater than the window, changed alone or both at once', async () => {
    expect((await patch({ reminderLeadHours: 25 })).json()).toMatchObject({ reminderLeadHours: 25 });
    expect((await patch({ cancellationWindowHours: 72, reminderLeadHours: 96 })).json()).toMatchObject({
      cancellationWindowHours: 72,
      reminderLeadHours: 96,
    });
    expect((await patch({ cancellationWindowHours: 0, reminderLeadHours: 1 })).statusCode).toBe(200);
    // The longest window still has room for the reminder (a month and a day at most).
    expect((await patch({ cancellationWindowHours: 720, reminderLeadHours: 744 })).statusCode).toBe(200);
    expect((await patch({ reminderLeadHours: 745 })).json().error.fields.reminderLeadHours).toContain(
      'no puede ser mayor que 744 horas',
    );
    expect((await patch({ cancellationWindowHours: 24, reminderLeadHours: 48 })).statusCode).toBe(200);
  });

  it('the rule reads the same on both sides (the settings screen asks it too)', () => {
    expect(reminderLeadRefusal(48, 24)).toBeNull();
    expect(reminderLeadRefusal(1, 0)).toBeNull();
    expect(reminderLeadRefusal(24, 24)).toContain('debe ser mayor que el plazo de cancelación (24 h)');
    expect(reminderLeadRefusal(2, 720)).not.toBeNull();
    // What is not a whole number is the fields' own error, not this one.
    expect(reminderLeadRefusal(Number.NaN, 24)).toBeNull();
    expect(reminderLeadSummary(24, 24)).toBe(
      'El recordatorio sale 24 h antes; el paciente puede cambiar o cancelar por internet hasta 24 h antes: llegaría cuando ya no puede hacerlo.',
    );
    expect(reminderLeadSummary(3, 0)).toBe(
      'El recordatorio sale 3 h antes; el paciente puede cambiar o cancelar por internet hasta la hora de la cita, así que tendrá 3 h para hacerlo.',
    );
  });

  it('migration 0057 moves a stored lead not greater than the window to the window plus a day, and leaves a good one', async () => {
    const file = path.resolve(
      import.meta.dirname,
      '../../platform/db/migrations/0057_reminders_that_can_be_answered.sql',
    );
    const update = (await readFile(file, 'utf8'))
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .find((statement) => statement.startsWith('UPDATE clinic_settings'))!;
    const run = async (lead: number, window: number) => {
      await t.database.db
        .update(clinicSettings)
        .set({ reminderLeadHours: lead, cancellationWindowHours: window })
        .where(eq(clinicSettings.id, 1));
      await t.database.db.execute(sql.raw(update));
      const [row] = await t.database.db.select().from(clinicSettings).where(eq(clinicSettings.id, 1));
      return [row!.reminderLeadHours, row!.cancellationWindowHours];
    };
    expect(await run(24, 24)).toEqual([48, 24]);
    expect(await run(12, 72)).toEqual([96, 72]);
    expect(await run(10, 720)).toEqual([744, 720]);
    expect(await run(36, 24)).toEqual([36, 24]);
    expect(await run(1, 0)).toEqual([1, 0]);
    await run(48, 24);
  });
});
