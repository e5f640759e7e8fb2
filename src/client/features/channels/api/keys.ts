/** Query keys of the reminder channels: the clinic's settings and each patient's choice. */
export const channelKeys = {
  all: ['channels'] as const,
  settings: () => [...channelKeys.all, 'settings'] as const,
  /** Every patient's choice (the desk's records): their offered channels follow the clinic's settings. */
  patients: () => [...channelKeys.all, 'patient'] as const,
  patient: (id: string) => [...channelKeys.patients(), id] as const,
  mine: () => [...channelKeys.all, 'mine'] as const,
};
