export { mayMakeStatusChange } from './appointment-status';
export { seesHeldSlots } from './availability';
export { feedScopeOf, feedStillEntitled, feedVisibilityOf } from './calendar-feeds';
export { APPOINTMENT_NOT_FOUND, PATIENT_NOT_FOUND } from './not-found';
export {
  askedTaskAssignee,
  mayFileWithoutPatient,
  productionDoctorOf,
  seesAgendaOf,
  seesConversationOf,
  taskPatientShown,
  type WritingColumns,
  visibleAppointments,
  visibleConversations,
  visibleFiles,
  visibleInvoices,
  visibleNotes,
  visibleOpinions,
  visiblePatients,
  visiblePrescriptions,
  visibleQuestionnaireRequests,
  visibleTasks,
  visibleTreatments,
  visibleWaitingEntries,
  visibleWriting,
} from './ownership';
export { can, type Permission } from './policy';
export { requireUser, type RequestUser } from './request-user';
export {
  DESK_ROLES,
  INBOX_ROLES,
  STAFF_ROLES,
  TASK_TAKING_ROLES,
  answersInbox,
  hasProfessionalCard,
  holdsOwnRecord,
  isStaff,
  runsTheDesk,
  takesTasks,
} from './roles';
export { markSessionEnded } from './session-end';
export { stepUpUntil } from './step-up';
export { SEES_EVERYTHING, type Visibility } from './visibility';
export { dashboardOf, requireDashboard, type DashboardView } from './dashboard';
export { roleChangeOf, type RoleChange } from './role-change';
