/** Keys of the signing side: a decision refreshes the link's view, the lists and the states. */
export const consentSigningKeys = {
  all: ['consent-signing'] as const,
  link: (token: string) => [...consentSigningKeys.all, 'link', token] as const,
  mine: () => [...consentSigningKeys.all, 'mine'] as const,
  ofPatient: (patientId: string) => [...consentSigningKeys.all, 'patient', patientId] as const,
  status: (scope: { date?: string; appointmentId?: string }) =>
    [...consentSigningKeys.all, 'status', scope.date ?? '', scope.appointmentId ?? ''] as const,
};
