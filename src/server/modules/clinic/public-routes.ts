import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../common/paths';
import { publicClinicSchema } from '../../../common/schemas/clinic';

const publicClinicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(api.public.clinic, { schema: { response: { 200: publicClinicSchema } } }, async () => {
    const repo = app.repos.clinic;
    const [settings, doctors] = await Promise.all([repo.getSettings(), repo.listPublicDoctors()]);
    return {
      name: settings.name,
      address: settings.address,
      phone: settings.phone,
      email: settings.email,
      whatsapp: settings.whatsapp,
      timeZone: settings.timeZone,
      mapUrl:
        settings.mapUrl ||
        (settings.address
          ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(settings.address)}`
          : ''),
      openingHours: settings.openingHours,
      specialties: [],
      doctors: doctors.map((doctor) => ({
        id: doctor.id,
        displayName: doctor.displayName,
        specialty: '',
        photoURL: doctor.photoUrl,
      })),
    };
  });
};

export default publicClinicRoutes;
