import { clinicAndDoctors } from '../doctors/use-cases';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { publicClinicSchema } from '../../../common/schemas/clinic';

export const clinicPagePublicRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.public.clinic,
    { config: { access: 'public' }, schema: { response: { 200: publicClinicSchema } } },
    async () => {
      const [settings, doctors] = await clinicAndDoctors(deps);
      return {
        name: settings.name,
        address: settings.address,
        phone: settings.phone,
        email: settings.email,
        whatsapp: settings.whatsapp,
        logoUrl: settings.logoUrl,
        timeZone: settings.timeZone,
        cancellationWindowHours: settings.cancellationWindowHours,
        mapUrl:
          settings.mapUrl ||
          (settings.address
            ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(settings.address)}`
            : ''),
        openingHours: settings.openingHours,
        // Specialties someone practises: the public sees what it can book.
        specialties: [...new Set(doctors.map((doctor) => doctor.specialty))].sort((a, b) => a.localeCompare(b, 'es')),
        doctors: doctors.map((doctor) => ({
          id: doctor.id,
          displayName: doctor.displayName,
          specialty: doctor.specialty,
          photoURL: doctor.photoUrl,
        })),
      };
    },
  );
};
