/** Every query of the messages feature lives under this key: a live event refreshes them together. */
export const messagesRootKey = ['messages'] as const;
