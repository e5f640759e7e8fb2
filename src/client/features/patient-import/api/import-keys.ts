/** Query keys of the patient imports: the list, and each import (polled while it runs). */
export const importKeys = {
  all: ['patient-imports'] as const,
  one: (id: string) => ['patient-imports', id] as const,
};
