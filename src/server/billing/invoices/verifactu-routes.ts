import { recordListPage } from './use-cases';
import { api } from '../../../common/api-paths';
import {
  RECORDS_PAGE_SIZE,
  recordListQuerySchema,
  recordListSchema,
  type RecordList,
} from '../../../common/schemas/verifactu-records';
import type { RoutePlugin } from '../route-deps';

/** «VERI*FACTU» › «Registros» (issue 35, item 5): every record, the newest first, a page at a time. */
export const invoicesVerifactuRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.verifactuRecords,
    {
      config: { access: 'manage:invoices' },
      schema: { querystring: recordListQuerySchema, response: { 200: recordListSchema } },
    },
    async (request): Promise<RecordList> => {
      const page = request.query.pagina;
      const [total, rows] = await recordListPage(deps, (page - 1) * RECORDS_PAGE_SIZE, RECORDS_PAGE_SIZE);
      return {
        page,
        pageSize: RECORDS_PAGE_SIZE,
        total,
        records: rows.map((row) => ({
          ...row,
          correction: Boolean(row.correction),
          generatedAt: row.generatedAt ?? '',
          answeredAt: row.answeredAt?.toISOString() ?? null,
        })),
      };
    },
  );
};
