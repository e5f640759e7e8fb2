import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { patientSchema } from '../../../common/schemas/patients';
import { myContactSchema } from '../../../common/schemas/profile';
import { AppError } from '../../platform';
import { requireUser } from '../../access';
import { auditContext } from '../../platform';
import { updateOwnContact } from './use-cases';
import { requireOwnRecord } from '../patients/link-account';
import { presentPatient } from '../patients/presenters';

/**
 * A paciente keeps the contact data of her own record up to date (only once the record is hers: 409 before).
 * Her phone is one: the record's (what the desk calls and reminders use) is the truth, and the account
 * profile's copy (which pre-fills her bookings) follows it in the same transaction (docs/decisions/0030-a-clinic-day-on-a-phone.md).
 */
export const profileContactRoutes: RoutePlugin = async (app, deps) => {
  app.patch(
    api.myContact,
    { config: { access: 'update:contact' }, schema: { body: myContactSchema, response: { 200: patientSchema } } },
    async (request) => {
      const user = requireUser(request);
      const own = await requireOwnRecord(deps, user);
      const changes = request.body;
      const updated = await updateOwnContact(deps, user.id, own.id, changes, {
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
