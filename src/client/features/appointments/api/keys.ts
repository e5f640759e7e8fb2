/** The prefix of every appointment query: a change to any appointment refreshes them all. */
export const appointmentsRootKey = ['appointments'] as const;

/**
 * The prefix of what the appointment screens look up elsewhere (doctors, patients). Kept apart from
 * `appointmentsRootKey` so a status change does not refetch the doctors.
 */
export const appointmentLookupsKey = ['appointment-lookups'] as const;
