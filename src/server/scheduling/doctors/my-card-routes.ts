import { clinicTimeZone } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { findDoctor, updateDoctorBio } from './use-cases';
import { api } from '../../../common/api-paths';
import { myDoctorBioSchema, myDoctorCardSchema, type MyDoctorCard } from '../../../common/schemas/my-doctor-card';
import { clock } from '../../platform';
import { notFound } from '../../platform';
import { requireUser } from '../../access';
import { presentDoctor } from './presenters';

const NO_CARD = 'No tienes ficha profesional en la clínica';

/**
 * The signed-in doctor's own card: she reads it and edits her bio. Only her own row is ever
 * reached (the id is the session's, never the request's); hours and absences stay the desk's.
 */
export const doctorsMyCardRoutes: RoutePlugin = async (app, deps) => {
  const access = { access: 'manage:professional-card' } as const;

  async function presentCard(doctorId: string): Promise<MyDoctorCard> {
    const doctor = await findDoctor(deps, doctorId);
    if (!doctor) throw notFound(NO_CARD);
    const today = clock.today(await clinicTimeZone(deps)).toString();
    const { displayName, specialty, licenseNumber, color, appointmentMinutes, bio, schedule, absences } = presentDoctor(
      doctor,
      null,
    );
    return {
      displayName,
      specialty,
      licenseNumber,
      color,
      appointmentMinutes,
      bio,
      schedule,
      upcomingAbsences: absences.filter((absence) => absence.endDate >= today),
    };
  }

  app.get(api.myDoctorCard, { config: access, schema: { response: { 200: myDoctorCardSchema } } }, (request) =>
    presentCard(requireUser(request).id),
  );

  app.patch(
    api.myDoctorCard,
    { config: access, schema: { body: myDoctorBioSchema, response: { 200: myDoctorCardSchema } } },
    async (request) => {
      const { id } = requireUser(request);
      if (!(await findDoctor(deps, id))) throw notFound(NO_CARD);
      await updateDoctorBio(deps, id, request.body.bio);
      return presentCard(id);
    },
  );
};
