/** Keys of presupuestos: a change of one refreshes the patient's list, her own and the report. */
export const quoteKeys = {
  all: ['quotes'] as const,
  list: (patientId: string | null) => [...quoteKeys.all, 'list', patientId ?? 'mine'] as const,
  link: (token: string) => [...quoteKeys.all, 'link', token] as const,
  report: (year: number) => [...quoteKeys.all, 'report', year] as const,
  services: () => [...quoteKeys.all, 'services'] as const,
  /** A quote's linkable appointments: under `all`, so a link refreshes them with the lists. */
  appointments: (id: string) => [...quoteKeys.all, 'appointments', id] as const,
};
