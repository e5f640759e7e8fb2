import { describe, expect, it } from 'vitest';
import { ROLES } from '../../common/roles';
import { PERMISSIONS } from './policy';
import { dashboardOf } from './dashboard';
import { visibilityOf } from './visibility';

const ACTIONS = [
  'answer',
  'attend',
  'book',
  'copy',
  'create',
  'delete',
  'export',
  'import',
  'list',
  'manage',
  'move',
  'read',
  'reply',
  'send',
  'sign',
  'subscribe',
  'update',
  'upload',
  'write',
];

describe('the permission grammar', () => {
  it('names every permission action:entity, with a known verb, never «my» nor a role', () => {
    const wrong = Object.keys(PERMISSIONS).filter((name) => {
      const [action, entity, ...rest] = name.split(':');
      return (
        rest.length > 0 ||
        !ACTIONS.includes(action!) ||
        !/^[a-z]+(-[a-z]+)*$/.test(entity ?? '') ||
        /(^|-)my(-|$)/.test(entity!) ||
        ROLES.some((role) => entity!.split('-').includes(role)) ||
        ['admin', 'patient', 'doctor'].some((role) => entity!.split('-').includes(role))
      );
    });
    expect(wrong).toEqual([]);
  });

  it('grants every role of a row any or own', () => {
    for (const [name, row] of Object.entries(PERMISSIONS))
      for (const grant of Object.values(row)) expect(['any', 'own'], name).toContain(grant);
  });
});

describe('which dashboard a grant of read:dashboard shows', () => {
  it('gives the clinic’s to any, a doctor’s day and a paciente’s own to own, and none to a visitor', () => {
    const user = (role: 'admin' | 'doctor' | 'paciente') => ({ id: `${role}-1`, role });
    expect(dashboardOf(visibilityOf(user('admin'), PERMISSIONS['read:dashboard'].admin))).toBe('clinic');
    expect(dashboardOf(visibilityOf(user('doctor'), PERMISSIONS['read:dashboard'].doctor))).toBe('doctor');
    expect(dashboardOf(visibilityOf(user('paciente'), PERMISSIONS['read:dashboard'].paciente))).toBe('patient');
    expect(dashboardOf(visibilityOf(null, null))).toBeNull();
  });
});
