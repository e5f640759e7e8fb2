/** Query keys of the questionnaires: definitions (admin), requests (the patient's own, a link's, a patient's). */
export const questionnaireKeys = {
  definitions: ['questionnaires'] as const,
  definition: (id: string) => [...questionnaireKeys.definitions, id] as const,
  mine: ['my-questionnaires'] as const,
  myOne: (id: string) => [...questionnaireKeys.mine, id] as const,
  link: (token: string) => ['questionnaire-link', token] as const,
  ofPatient: (patientId: string) => ['patient-questionnaires', patientId] as const,
};
