import { changeClinicSettings, readClinicSettings } from '../../platform';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  issuerResponseSchema,
  issuerSchema,
  verifactuResendSchema,
  verifactuStateSchema,
} from '../../../common/schemas/invoices';
import { recordFromJson } from '../verifactu/record-json';
import { MAX_RECORDS_PER_DOCUMENT, submissionXml } from '../verifactu/xml';
import { notFound } from '../../platform';
import { audited, auditContext } from '../../platform';
import type { ClinicSettingsRow } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { recordChainPage, requeueFaultedSubmissions, verifactuChains } from './use-cases';

const presentIssuer = (settings: ClinicSettingsRow) => ({
  legalName: settings.issuerLegalName,
  taxId: settings.issuerNif,
  address: settings.issuerAddress,
  registry: settings.issuerRegistry,
  operationDescription: settings.invoiceOperationDescription,
  withholdingRate: settings.issuerWithholdingRate,
});

const recordsPageQuery = z.strictObject({
  page: z.coerce
    .number({ error: 'La página debe ser un número' })
    .int('La página debe ser un número entero')
    .min(1, 'La primera página es la 1')
    .max(1_000_000, 'Página no válida')
    .default(1),
  /** The chain of another NIF the clinic issued under before (default: the current issuer's). */
  nif: z
    .string()
    .regex(/^[0-9A-Z]{9}$/, 'NIF no válido')
    .optional(),
});

/** The issuer's fiscal data and the VERI*FACTU chain, for the desk and the clinic's accountant. */
export const invoicesBillingRoutes: RoutePlugin = async (app, deps) => {
  const admin = { access: 'manage:invoices' } as const;

  app.get(api.billingIssuer, { config: admin, schema: { response: { 200: issuerResponseSchema } } }, async () =>
    presentIssuer(await readClinicSettings(deps)),
  );

  app.put(
    api.billingIssuer,
    { config: admin, schema: { body: issuerSchema, response: { 200: issuerResponseSchema } } },
    async (request) => {
      const before = presentIssuer(await readClinicSettings(deps));
      const body = request.body;
      const row = await audited(
        deps.db,
        (tx) =>
          changeClinicSettings(
            deps,
            {
              issuerLegalName: body.legalName,
              issuerNif: body.taxId,
              issuerAddress: body.address,
              issuerRegistry: body.registry,
              invoiceOperationDescription: body.operationDescription,
              issuerWithholdingRate: body.withholdingRate,
            },
            tx,
          ),
        // What the invoices will say of the clinic: on record with what it said before.
        { ...auditContext(request), action: 'update', entity: 'billing_issuer', details: { before, after: body } },
      );
      return presentIssuer(row);
    },
  );

  app.get(api.verifactuState, { config: admin, schema: { response: { 200: verifactuStateSchema } } }, async () => {
    const settings = await readClinicSettings(deps);
    return {
      certificateConfigured: deps.verifactuSender.enabled,
      environment: settings.billingMode,
      issuerNif: settings.issuerNif,
      chains: await verifactuChains(deps),
    };
  });

  // Once the cause of a Client Fault is fixed (a new version, corrected issuer data), a person sends its records
  // again: they go back to «pendiente de envío», and the worker takes them when the issuer's window opens.
  app.post(
    api.verifactuResend,
    {
      config: admin,
      schema: { body: z.strictObject({}).nullish(), response: { 200: verifactuResendSchema } },
    },
    async (request) => {
      const { issuerNif, billingMode } = await readClinicSettings(deps);
      const requeued = await requeueFaultedSubmissions(deps, { issuerNif, billingMode }, (count) => ({
        ...auditContext(request),
        action: 'update',
        entity: 'verifactu',
        details: { requeued: count },
      }));
      return { requeued };
    },
  );

  app.get(
    api.verifactuRecordsXml,
    { config: admin, schema: { querystring: recordsPageQuery } },
    async (request, reply) => {
      const settings = await readClinicSettings(deps);
      const offset = (request.query.page - 1) * MAX_RECORDS_PER_DOCUMENT;
      // Every chain stays downloadable after a change of NIF: `?nif=` names an earlier one.
      const nif = request.query.nif ?? settings.issuerNif;
      const rows = await recordChainPage(
        deps,
        { issuerNif: nif, billingMode: settings.billingMode },
        offset,
        MAX_RECORDS_PER_DOCUMENT,
      );
      if (rows.length === 0) throw notFound('No hay registros de facturación en esa página');
      const records = rows.map((row) => recordFromJson(row.record));
      // The Cabecera names the issuer as its records do (an earlier NIF's name is not today's).
      const named = records.find((record) => record.kind === 'alta');
      const name = named?.kind === 'alta' ? named.invoice.issuer.name : settings.issuerLegalName;
      const xml = submissionXml({ name, nif }, records);
      const suffix = nif === settings.issuerNif ? '' : `-${nif}`;
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="registros-verifactu${suffix}-${request.query.page}.xml"`)
        .send(xml);
    },
  );
};
