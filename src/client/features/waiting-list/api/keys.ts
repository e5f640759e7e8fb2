/** The prefix of every waiting-list query: joining or leaving refreshes the lists. */
export const waitingListRootKey = ['waiting-list'] as const;
