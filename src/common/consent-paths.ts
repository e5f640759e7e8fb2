/**
 * The API paths of signing informed consent (issue 24). A module of their own, beside `paths.ts` (whose `api` is
 * in every page's first load, held to 120 kB): only the signing page, the areas' consent screens and the server
 * import these.
 */
const seg = (value: string) => (value.startsWith(':') ? value : encodeURIComponent(value));

export const consentApi = {
  /** A consent through its link (no sign-in): GET reads it; POST `decision` (sign, refuse), `revocacion`; GET `pdf`. */
  consentByToken: (token: string, part?: 'decision' | 'revocacion' | 'pdf') =>
    `/api/consentimientos/${seg(token)}${part ? `/${part}` : ''}`,
  /** The consents asked of a patient; the paciente's own; a request's PDF and a fresh link (QR at the desk). */
  patientConsents: (id: string) => `/api/patients/${seg(id)}/consents`,
  myConsents: '/api/me/consents',
  consentRequest: (id: string, part: 'pdf' | 'link') => `/api/consent-requests/${seg(id)}/${part}`,
  /** The state of the consents of a day's appointments (`?date=`) or of one (`?appointmentId=`). */
  consentStatus: '/api/consent-status',
};
