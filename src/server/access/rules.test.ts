import { describe, expect, it } from 'vitest';
import { mayMakeStatusChange, statusActorOf } from './appointment-status';
import { seesHeldSlots } from './availability';
import { feedScopeOf, feedStillEntitled, feedVisibilityOf } from './calendar-feeds';
import { askedTaskAssignee, mayFileWithoutPatient, seesAgendaOf, seesConversationOf } from './ownership';
import { holdsOwnRecord, takesTasks, TASK_TAKING_ROLES } from './roles';
import type { Visibility } from './visibility';

const ALL: Visibility = { kind: 'all' };
const DOCTOR: Visibility = { kind: 'doctor', doctorId: 'doctor-a' };
const PATIENT: Visibility = { kind: 'patient', accountId: 'account-a' };
const NONE: Visibility = { kind: 'none' };

describe('the rules of access/ that routes ask', () => {
  it('appointment status: the desk makes every change, a doctor only arrival, attendance and no-show', () => {
    expect(statusActorOf({ role: 'admin' })).toBe('staff');
    expect(statusActorOf({ role: 'doctor' })).toBe('doctor');
    for (const status of ['confirmada', 'en_sala', 'atendida', 'no_asistio', 'cancelada'] as const)
      expect(mayMakeStatusChange({ role: 'admin' }, status)).toBe(true);
    expect(mayMakeStatusChange({ role: 'doctor' }, 'en_sala')).toBe(true);
    expect(mayMakeStatusChange({ role: 'doctor' }, 'atendida')).toBe(true);
    expect(mayMakeStatusChange({ role: 'doctor' }, 'no_asistio')).toBe(true);
    expect(mayMakeStatusChange({ role: 'doctor' }, 'confirmada')).toBe(false);
    expect(mayMakeStatusChange({ role: 'doctor' }, 'cancelada')).toBe(false);
  });

  it('held slots are marked for the desk only', () => {
    expect(seesHeldSlots({ role: 'admin' })).toBe(true);
    expect(seesHeldSlots({ role: 'doctor' })).toBe(false);
    expect(seesHeldSlots({ role: 'paciente' })).toBe(false);
    expect(seesHeldSlots(null)).toBe(false);
  });

  it("a calendar feed covers the clinic for an admin, her agenda for a doctor, and dies with its owner's access", () => {
    expect(feedScopeOf('any')).toBe('clinic');
    expect(feedScopeOf('own')).toBe('doctor');
    expect(feedStillEntitled('clinic', 'admin')).toBe(true);
    expect(feedStillEntitled('doctor', 'doctor')).toBe(true);
    expect(feedStillEntitled('clinic', 'doctor')).toBe(false);
    expect(feedStillEntitled('doctor', 'admin')).toBe(false);
    expect(feedStillEntitled('doctor', 'paciente')).toBe(false);
    expect(feedVisibilityOf({ scope: 'clinic', accountId: 'x' })).toEqual(ALL);
    expect(feedVisibilityOf({ scope: 'doctor', accountId: 'doctor-a' })).toEqual(DOCTOR);
  });

  it('tasks: the desk filters by any assignee, a doctor always gets her own list', () => {
    expect(askedTaskAssignee(ALL, 'someone')).toBe('someone');
    expect(askedTaskAssignee(ALL, undefined)).toBeUndefined();
    expect(askedTaskAssignee(DOCTOR, 'someone')).toBeUndefined();
    expect(TASK_TAKING_ROLES).toEqual(['admin', 'doctor']);
    expect(takesTasks('paciente')).toBe(false);
  });

  it('only an account with a record of its own (a paciente) is linked to one', () => {
    expect(holdsOwnRecord('paciente')).toBe(true);
    expect(holdsOwnRecord('doctor')).toBe(false);
    expect(holdsOwnRecord('admin')).toBe(false);
  });

  it('only the desk keeps a document of nobody', () => {
    expect(mayFileWithoutPatient(ALL)).toBe(true);
    expect(mayFileWithoutPatient(DOCTOR)).toBe(false);
  });

  it('live events: an agenda is seen by the clinic and its doctor; a conversation by the clinic and its paciente', () => {
    expect(seesAgendaOf(ALL, 'doctor-b')).toBe(true);
    expect(seesAgendaOf(DOCTOR, 'doctor-a')).toBe(true);
    expect(seesAgendaOf(DOCTOR, 'doctor-b')).toBe(false);
    expect(seesAgendaOf(PATIENT, 'doctor-a')).toBe(false);
    expect(seesConversationOf(ALL, { patientAccountId: null })).toBe(true);
    expect(seesConversationOf(PATIENT, { patientAccountId: 'account-a' })).toBe(true);
    expect(seesConversationOf(PATIENT, { patientAccountId: 'account-b' })).toBe(false);
    expect(seesConversationOf(PATIENT, { patientAccountId: null })).toBe(false);
    expect(seesConversationOf(DOCTOR, { patientAccountId: 'account-a' })).toBe(false);
    expect(seesConversationOf(NONE, { patientAccountId: 'account-a' })).toBe(false);
  });
});
