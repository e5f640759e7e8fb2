import '../../../test/mantine-polyfills';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Doctor } from '../../../../common/schemas/doctors';
import { renderScreen } from '../../../test/render';
import { appointment } from '../test/fixtures';
import { HiddenAppointmentsModal } from './hidden-appointments-modal';

// The calendar's range carries each appointment's doctor by id: the «+N» list names the doctor from the
// screen's doctors, and an appointment of a doctor it does not know still reads without a name.
const doctor = { id: 'd-1', displayName: 'Dra. Lucía Fernández', color: '#1c7ed6' } as Doctor;

describe('the appointments behind a «+N» box', () => {
  it("lists each one with its time, patient, status and doctor's name, and opens the one chosen", async () => {
    const onOpen = vi.fn();
    const group = {
      id: 'mas-1',
      start: '2026-03-23T08:30:00.000Z',
      end: '2026-03-23T09:00:00.000Z',
      allDay: false,
      appointments: [
        appointment({ id: 'a-1', doctorId: 'd-1', patientName: 'Ana García' }),
        appointment({ id: 'a-2', doctorId: 'd-9', patientName: 'Bruno Díaz', status: 'pendiente' }),
      ],
    };
    const { user } = renderScreen(
      <HiddenAppointmentsModal
        group={group}
        timeZone="Europe/Madrid"
        doctorsById={new Map([[doctor.id, doctor]])}
        onOpen={onOpen}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByRole('dialog', { name: /2 citas más · lunes, 23 de marzo/ })).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: /Ana García|Bruno Díaz/ });
    expect(buttons.map((button) => button.textContent)).toEqual([
      '09:30–10:00 · Ana García · Confirmada · Dra. Lucía Fernández',
      '09:30–10:00 · Bruno Díaz · Pendiente',
    ]);
    await user.click(buttons[1]!);
    expect(onOpen).toHaveBeenCalledWith('a-2');
  });
});
