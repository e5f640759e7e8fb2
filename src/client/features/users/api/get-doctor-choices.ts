import { useQuery } from '@tanstack/react-query';
import type { Specialty } from '../../../../common/schemas/doctors';
import { getDoctorsQueryOptions } from '../../../api/doctors';
import { useSpecialties } from '../../../api/specialties';

/** What inviting a doctor asks for: the clinic's specialties and the colours its doctors already use. */
export interface DoctorChoices {
  specialties: Specialty[];
  takenColors: string[];
}

/** Both read through the shared queries, so a new doctor or specialty shows here too. */
export function useDoctorChoices(enabled: boolean) {
  const specialties = useSpecialties({ enabled });
  const doctors = useQuery({ ...getDoctorsQueryOptions({ includeInactive: true }), enabled });
  const data: DoctorChoices | undefined =
    specialties.data && doctors.data
      ? { specialties: specialties.data, takenColors: doctors.data.map((doctor) => doctor.color.toLowerCase()) }
      : undefined;
  return { data, isLoading: specialties.isLoading || doctors.isLoading };
}
