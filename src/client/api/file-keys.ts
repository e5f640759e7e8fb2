/** The prefix of every file list query: an upload or a deletion refreshes them all. */
export const fileListKey = ['files', 'list'] as const;
