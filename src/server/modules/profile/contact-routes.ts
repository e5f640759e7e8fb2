import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../common/paths';
import { patientSchema } from '../../../common/schemas/patients';
import { myContactSchema } from '../../../common/schemas/profile';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { audited, auditContext } from '../audit/audited';
import { requireOwnRecord } from '../patients/link-account';
import { presentPatient } from '../patients/presenters';

/** A paciente keeps the contact data of her own record up to date (only once the record is hers: 409 before). */
const myContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    api.myContact,
    { config: { access: 'my-record:contact' }, schema: { body: myContactSchema, response: { 200: patientSchema } } },
    async (request) => {
      const user = requireUser(request);
      const own = await requireOwnRecord(app, user);
      const changes = request.body;
      const updated = await audited(app.database.db, (tx) => app.repos.patients.update(own.id, changes, tx), {
        ...auditContext(request),
        action: 'update',
        entity: 'patient',
        entityId: own.id,
        patientId: own.id,
        details: { fields: Object.keys(changes), by: 'patient' },
      });
      if (!updated) throw new AppError(409, 'CONFLICT');
      return presentPatient(updated);
    },
  );
};

export default myContactRoutes;
