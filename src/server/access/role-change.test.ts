import { describe, expect, it } from 'vitest';
import { roleChangeOf } from './role-change';

describe('roleChangeOf', () => {
  it('an active admin loses the role when demoted or disabled, not when only renamed or already inactive', () => {
    expect(roleChangeOf({ role: 'admin', active: true }, { role: 'doctor' }).losesAdmin).toBe(true);
    expect(roleChangeOf({ role: 'admin', active: true }, { active: false }).losesAdmin).toBe(true);
    expect(roleChangeOf({ role: 'admin', active: true }, { role: 'admin' }).losesAdmin).toBe(false);
    expect(roleChangeOf({ role: 'admin', active: true }, {}).losesAdmin).toBe(false);
    expect(roleChangeOf({ role: 'admin', active: false }, { role: 'doctor' }).losesAdmin).toBe(false);
    expect(roleChangeOf({ role: 'doctor', active: true }, { active: false }).losesAdmin).toBe(false);
  });

  it('a role sent again is no change', () => {
    expect(roleChangeOf({ role: 'doctor', active: true }, { role: 'doctor' })).toEqual({
      roleChanged: false,
      losesAdmin: false,
      becomesDoctor: false,
      leavesDoctor: false,
    });
  });

  it('becoming and leaving doctor', () => {
    expect(roleChangeOf({ role: 'admin', active: true }, { role: 'doctor' })).toMatchObject({
      roleChanged: true,
      becomesDoctor: true,
      leavesDoctor: false,
    });
    expect(roleChangeOf({ role: 'doctor', active: true }, { role: 'paciente' })).toMatchObject({
      roleChanged: true,
      becomesDoctor: false,
      leavesDoctor: true,
    });
    expect(roleChangeOf({ role: 'doctor', active: true }, { active: false }).leavesDoctor).toBe(false);
  });
});
