/** The prefix of every treatment query: a change to any treatment or link refreshes them all. */
export const treatmentsRootKey = ['treatments'] as const;
