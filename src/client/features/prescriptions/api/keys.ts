/** The prefix of every prescription query: creating or cancelling one refreshes them all. */
export const prescriptionsRootKey = ['prescriptions'] as const;
