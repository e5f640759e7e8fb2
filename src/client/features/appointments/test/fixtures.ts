import type { Appointment } from '../../../../common/schemas/appointments';

/** An appointment of the API, with whatever `changes` a test needs. */
export function appointment(changes: Partial<Appointment> = {}): Appointment {
  return {
    id: 'a-1',
    patientId: 'p-1',
    patientName: 'Ana García López',
    patientPhone: '600 123 456',
    patientEmail: 'ana@example.com',
    patientBirthDate: '1985-04-12',
    patientDocument: '12345678Z',
    doctorId: 'd-1',
    doctorName: 'Dra. Lucía Fernández',
    doctorColor: '#1c7ed6',
    specialty: 'Medicina familiar',
    startsAt: '2026-03-23T08:30:00.000Z',
    endsAt: '2026-03-23T09:00:00.000Z',
    reason: 'Revisión',
    channel: 'telefono',
    status: 'confirmada',
    arrivedAt: null,
    cancelReason: null,
    cancelReasonVisible: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...changes,
  };
}
