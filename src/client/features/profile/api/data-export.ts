import { api } from '../../../../common/api-paths';

/** The ZIP of the patient's data: a plain link, so the browser saves the file the server streams. */
export const dataExportHref = api.myDataExport;
