import { describe, expect, it } from 'vitest';
import { statusActionsFor } from './status-actions';

describe('status actions', () => {
  it('offers staff every change the contract allows', () => {
    expect(statusActionsFor('pendiente', 'staff')).toEqual(['confirmada', 'cancelada']);
    expect(statusActionsFor('confirmada', 'staff')).toEqual(['en_sala', 'atendida', 'no_asistio', 'cancelada']);
    expect(statusActionsFor('en_sala', 'staff')).toEqual(['atendida', 'no_asistio']);
    expect(statusActionsFor('atendida', 'staff')).toEqual([]);
    expect(statusActionsFor('cancelada', 'staff')).toEqual([]);
    expect(statusActionsFor('no_asistio', 'staff')).toEqual([]);
  });

  it('lets a doctor record only arrival, attendance and no-shows', () => {
    expect(statusActionsFor('pendiente', 'doctor')).toEqual([]);
    expect(statusActionsFor('confirmada', 'doctor')).toEqual(['en_sala', 'atendida', 'no_asistio']);
    expect(statusActionsFor('en_sala', 'doctor')).toEqual(['atendida', 'no_asistio']);
  });
});
