import { api } from '../../../../common/api-paths';

/** The PDF of a prescription: a plain link, the browser sends the session cookie and saves the file. */
export const prescriptionPdfHref = (id: string) => api.prescriptionPdf(id);
