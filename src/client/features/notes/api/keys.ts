/** The prefix of every note query: a change to a note refreshes them all (the pending list included). */
export const notesRootKey = ['notes'] as const;

export const appointmentNoteKey = (appointmentId: string) => [...notesRootKey, 'appointment', appointmentId] as const;
