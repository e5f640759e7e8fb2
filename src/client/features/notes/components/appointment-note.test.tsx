import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicalNote } from '../../../../common/schemas/clinical-notes';
import { fill, renderScreen, stubApi } from '../../../test/render';
import { AppointmentNote } from './appointment-note';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const APPOINTMENT = 'cita-1';
const empty = { reason: '', examination: '', diagnosis: '', diagnosisCode: '', plan: '' };
const noteWith = (fields: Partial<ClinicalNote>): ClinicalNote => ({
  id: 'nota-1',
  appointmentId: APPOINTMENT,
  patientId: 'p-1',
  doctorId: 'd-1',
  doctorName: 'Dra. Ana Nota',
  ...empty,
  patientSummary: '',
  summarySharedAt: null,
  signedAt: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  addenda: [],
  ...fields,
});

describe('the note editor', () => {
  it('saves the draft once the doctor stops typing, says «Guardado» and drops the local copy', async () => {
    const { calls } = stubApi((call) => {
      if (call.method === 'GET') return { status: 200, body: { note: null } };
      return { status: 200, body: noteWith(call.body as Partial<ClinicalNote>) };
    });
    const { user } = renderScreen(<AppointmentNote appointmentId={APPOINTMENT} author timeZone="Europe/Madrid" />);
    // One input event, as a paste: typed key by key on a loaded machine, a pause longer than the autosave's delay
    // between two keys saves twice (both right), and this test is about the save after the last change.
    await fill(user, await screen.findByLabelText('Motivo de consulta'), 'Tos');
    // Until the server has it, the draft is in the browser.
    expect(JSON.parse(window.localStorage.getItem(`clinica:nota:${APPOINTMENT}`)!)).toMatchObject({ reason: 'Tos' });
    expect(await screen.findByText('Guardado', {}, { timeout: 3000 })).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({ ...empty, reason: 'Tos' });
    expect(window.localStorage.getItem(`clinica:nota:${APPOINTMENT}`)).toBeNull();
  });

  it('restores and sends what a closed tab left unsaved', async () => {
    window.localStorage.setItem(
      `clinica:nota:${APPOINTMENT}`,
      JSON.stringify({ ...empty, reason: 'Fiebre', plan: 'Reposo' }),
    );
    const { calls } = stubApi((call) => {
      if (call.method === 'GET') return { status: 200, body: { note: noteWith({ reason: 'Fie' }) } };
      return { status: 200, body: noteWith(call.body as Partial<ClinicalNote>) };
    });
    renderScreen(<AppointmentNote appointmentId={APPOINTMENT} author timeZone="Europe/Madrid" />);
    expect(await screen.findByLabelText('Motivo de consulta')).toHaveValue('Fiebre');
    expect(screen.getByText('Cambios sin guardar')).toBeInTheDocument();
    expect(await screen.findByText('Guardado', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { ...empty, reason: 'Fiebre', plan: 'Reposo' },
    ]);
  });

  it('keeps the local copy and says so when the save fails', async () => {
    stubApi((call) => {
      if (call.method === 'GET') return { status: 200, body: { note: null } };
      return {
        status: 503,
        body: { error: { code: 'DATABASE_UNAVAILABLE', message: 'El servicio no está disponible en este momento.' } },
      };
    });
    const { user } = renderScreen(<AppointmentNote appointmentId={APPOINTMENT} author timeZone="Europe/Madrid" />);
    await user.type(await screen.findByLabelText('Plan'), 'Control');
    expect(
      await screen.findByText(/^No se ha podido guardar: El servicio no está disponible/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(`clinica:nota:${APPOINTMENT}`)!)).toMatchObject({ plan: 'Control' });
  });

  it('shows a signed note read-only to its author, with its addenda and the form to add one', async () => {
    stubApi(() => ({
      status: 200,
      body: {
        note: noteWith({
          reason: 'Tos',
          diagnosis: 'Bronquitis',
          diagnosisCode: 'J20.9',
          signedAt: '2026-03-02T10:00:00.000Z',
          addenda: [{ id: 'a-1', text: 'Mejor', authorName: 'Dra. Ana Nota', createdAt: '2026-03-03T10:00:00.000Z' }],
        }),
      },
    }));
    renderScreen(<AppointmentNote appointmentId={APPOINTMENT} author timeZone="Europe/Madrid" />);
    expect(await screen.findByText('Bronquitis (CIE-10: J20.9)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Motivo de consulta')).toBeNull();
    expect(screen.getByText('Mejor')).toBeInTheDocument();
    expect(screen.getByLabelText('Nueva adenda')).toBeInTheDocument();
  });

  it('shows an admin a draft read-only, without forms', async () => {
    stubApi(() => ({ status: 200, body: { note: noteWith({ reason: 'Tos' }) } }));
    renderScreen(<AppointmentNote appointmentId={APPOINTMENT} author={false} timeZone="Europe/Madrid" />);
    expect(await screen.findByText('Borrador')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
