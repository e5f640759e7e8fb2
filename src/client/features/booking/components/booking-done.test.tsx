import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { renderScreen } from '../../../test/render';
import BookingDone from './booking-done';

afterEach(cleanup);

const appointment = (questionnairesAsked?: string[]): OwnAppointment => ({
  id: 'a-1',
  status: 'confirmada',
  startsAt: '2026-03-23T08:00:00.000Z',
  endsAt: '2026-03-23T08:30:00.000Z',
  doctorId: 'd-1',
  doctorName: 'Dra. Ana Ruiz',
  specialty: 'Cardiología',
  service: null,
  reason: 'Revisión anual',
  patientName: 'Lucía Martín Gómez',
  timeZone: 'Europe/Madrid',
  canChange: true,
  changeDeadline: '2026-03-22T08:00:00.000Z',
  cancelReason: null,
  ...(questionnairesAsked ? { questionnairesAsked } : {}),
});

describe('the booking’s confirmation page', () => {
  it('tells a visitor which questionnaire to fill before the visit and that its link is in the booking’s e-mail', () => {
    renderScreen(
      <BookingDone appointment={appointment(['Cuestionario de primera visita'])} manageUrl="http://localhost/cita/x" />,
    );
    const note = screen.getByRole('alert');
    expect(note).toHaveTextContent('Antes de la visita, rellena el cuestionario');
    expect(note).toHaveTextContent(
      'La clínica te pide el cuestionario «Cuestionario de primera visita». Encontrarás el enlace para rellenarlo en el correo de la reserva',
    );
  });

  it('sends a signed-in patient to «Cuestionarios» in her area', () => {
    renderScreen(<BookingDone appointment={appointment(['Cuestionario de primera visita', 'Dolor lumbar'])} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La clínica te pide los cuestionarios «Cuestionario de primera visita» y «Dolor lumbar». Los tienes en «Cuestionarios» de tu área; se guardan mientras escribes.',
    );
    expect(screen.getByRole('link', { name: '«Cuestionarios»' })).toHaveAttribute('href', '/pacientes/cuestionarios');
  });

  it('says nothing of questionnaires when none was asked', () => {
    renderScreen(<BookingDone appointment={appointment([])} manageUrl="http://localhost/cita/x" />);
    expect(screen.queryByText(/cuestionario/i)).toBeNull();
  });
});
