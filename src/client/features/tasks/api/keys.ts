/** The prefix of every task query: a change to any task refreshes the lists and the board. */
export const tasksRootKey = ['tasks'] as const;
