import { api } from '../../../../common/api-paths';
import { toQueryString } from '../../../lib/api-client';
import type { AuditLogFilters } from './get-audit-log';

/**
 * The CSV of every entry matching the filters (all pages). A plain link: the browser sends the session
 * cookie and saves the file the server streams.
 */
export const auditLogExportHref = (filters: AuditLogFilters) => `${api.auditExport}${toQueryString({ ...filters })}`;
