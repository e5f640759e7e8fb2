import { api } from '../../../../common/api-paths';

/** The ZIP of the whole clinic: a plain link, so the browser saves the file the server streams as it reads it. */
export const clinicExportHref = api.clinicExport;
