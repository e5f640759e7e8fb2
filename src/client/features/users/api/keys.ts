/** The prefix of every user query. */
export const usersRootKey = ['users'] as const;
