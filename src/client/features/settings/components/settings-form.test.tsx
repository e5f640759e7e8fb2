import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicSettingsResponse } from '../../../../common/schemas/settings';
import { fill, renderScreen, stubApi } from '../../../test/render';
import { SettingsForm } from './settings-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings: ClinicSettingsResponse = {
  name: 'Clínica Demo',
  address: 'Calle Mayor 1, Madrid',
  phone: '910000000',
  email: 'hola@clinica.test',
  whatsapp: '',
  logoUrl: '',
  mapUrl: '',
  openingHours: [{ days: 'Lunes a viernes', hours: '09:00–20:00' }],
  timeZone: 'Europe/Madrid',
  defaultAppointmentMinutes: 30,
  bookingHorizonDays: 60,
  minimumNoticeHours: 2,
  cancellationWindowHours: 24,
  reminderLeadHours: 48,
  bookingsRequireConfirmation: false,
  feedPatientDisplay: 'initials',
  mailIncludeReason: false,
  staffIdleMinutes: 30,
  requireSecondFactorForStaff: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('settings form', () => {
  it('names the reminder’s lead time as what it is: one reminder, whatever the patient’s channel', () => {
    renderScreen(<SettingsForm settings={settings} />);
    expect(screen.queryByText('Recordatorio por correo')).toBeNull();
    const lead = screen.getByRole('textbox', { name: 'Antelación del recordatorio' });
    expect(lead).toHaveValue('48 h');
    expect(lead).toHaveAccessibleDescription(
      'Horas antes de la cita en que sale el recordatorio, por el canal de cada paciente: correo, SMS o WhatsApp. Debe ser mayor que el plazo de cancelación.',
    );
  });

  it('says what the lead and the window mean together, and refuses a reminder that would come at or after the limit', async () => {
    const { calls } = stubApi((call) => ({ status: 200, body: { ...settings, ...(call.body as object) } }));
    const { user } = renderScreen(<SettingsForm settings={settings} />);
    // Read again each time: while a box is empty there is nothing to say, and the line goes.
    const summary = () => screen.getByTestId('reminder-lead-summary');
    expect(summary()).toHaveTextContent(
      'El recordatorio sale 48 h antes; el paciente puede cambiar o cancelar por internet hasta 24 h antes, así que tendrá 24 h para hacerlo.',
    );
    const lead = screen.getByRole('textbox', { name: 'Antelación del recordatorio' });
    await user.clear(lead);
    await user.type(lead, '24');
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        'El recordatorio sale 24 h antes; el paciente puede cambiar o cancelar por internet hasta 24 h antes: llegaría cuando ya no puede hacerlo.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText(
        'Antelación del recordatorio: debe ser mayor que el plazo de cancelación (24 h), o el recordatorio llegaría cuando ya no se puede cambiar ni cancelar por internet',
      ),
    ).toBeInTheDocument();
    expect(lead).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    // A shorter window makes room: saved, both values sent.
    const windowBox = screen.getByRole('textbox', { name: 'Plazo de cancelación' });
    await user.clear(windowBox);
    await user.type(windowBox, '12');
    await waitFor(() => expect(summary()).toHaveTextContent('así que tendrá 12 h para hacerlo.'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Configuración guardada')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PATCH', url: '/api/settings', body: { cancellationWindowHours: 12, reminderLeadHours: 24 } },
    ]);
  });

  it('sends only what changed and refreshes the public clinic', async () => {
    const { calls } = stubApi((call) => ({ status: 200, body: { ...settings, ...(call.body as object) } }));
    const { user, queryClient } = renderScreen(<SettingsForm settings={settings} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await user.click(screen.getByRole('button', { name: 'Añadir fila' }));
    await fill(user, screen.getAllByRole('textbox', { name: 'Días' })[1]!, 'Sábados');
    await fill(user, screen.getAllByRole('textbox', { name: 'Horario' })[1]!, '10:00–14:00');
    await user.click(screen.getByRole('switch', { name: /Las reservas online necesitan confirmación del personal/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Configuración guardada')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: '/api/settings',
        body: {
          openingHours: [
            { days: 'Lunes a viernes', hours: '09:00–20:00' },
            { days: 'Sábados', hours: '10:00–14:00' },
          ],
          bookingsRequireConfirmation: true,
        },
      },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['public', 'clinic'] });
  });

  it('shows the schema messages and server field messages next to their fields', async () => {
    stubApi(() => ({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Revisa los datos enviados.',
          fields: { email: 'Ese correo no admite mensajes' },
        },
      },
    }));
    const { user } = renderScreen(<SettingsForm settings={settings} />);
    const minutes = screen.getByRole('textbox', { name: 'Duración por defecto de una cita' });
    await user.clear(minutes);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Duración de la cita: escribe un número')).toBeInTheDocument();

    await user.clear(minutes);
    await user.type(minutes, '20');
    const email = screen.getByRole('textbox', { name: 'Correo electrónico' });
    await user.clear(email);
    await fill(user, email, 'citas@clinica.test');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Ese correo no admite mensajes')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveValue('citas@clinica.test'));
  });
});
