import type { ClinicServiceInput, VatTreatment } from '../../common/schemas/clinic-services';
import type { Tx } from '../platform/db/transaction';
import type { Repositories } from '../repositories';
import type { AgeRange } from './agenda';
import { ADULTS, CHILDREN, FROM_14 } from './demo-doctors';

interface DemoService {
  specialty: string;
  name: string;
  minutes: number;
  euros: number;
  vat?: VatTreatment;
  online?: boolean;
  /** Who it is for: its specialty's ages unless it says otherwise. */
  ages: AgeRange;
  /** A patient's first visit to the specialty, or a later one. */
  visit?: 'primera' | 'revision';
  /** What «Servicios y tarifas» says of it (why it is taxed). */
  note?: string;
}

/**
 * The demo clinic's «Servicios y tarifas»: prices of a private clinic in Madrid in 2026. Health care is
 * exempt from VAT; the aesthetic peeling is not health care, so it carries 21 % (and is booked by phone), and
 * neither is a certificate for a driving licence or a sport, which carries 21 % too (its note says why).
 */
export const DEMO_SERVICES: DemoService[] = [
  { specialty: 'Medicina familiar', name: 'Primera visita', minutes: 30, euros: 50, ages: FROM_14, visit: 'primera' },
  { specialty: 'Medicina familiar', name: 'Revisión', minutes: 20, euros: 35, ages: FROM_14, visit: 'revision' },
  { specialty: 'Medicina familiar', name: 'Certificado médico', minutes: 15, euros: 30, ages: FROM_14 },
  {
    specialty: 'Medicina familiar',
    name: 'Certificado médico (permiso de conducir, deporte)',
    minutes: 20,
    euros: 40,
    vat: '21',
    online: false,
    ages: FROM_14,
    note:
      'Con IVA: un certificado para el carné de conducir, un deporte o una oposición no es asistencia sanitaria, ' +
      'así que no está exento (art. 20.Uno.3º Ley 37/1992). El certificado sobre la salud del paciente sí lo está.',
  },
  {
    specialty: 'Pediatría',
    name: 'Primera visita pediátrica',
    minutes: 30,
    euros: 55,
    ages: CHILDREN,
    visit: 'primera',
  },
  { specialty: 'Pediatría', name: 'Revisión del niño sano', minutes: 20, euros: 40, ages: CHILDREN, visit: 'revision' },
  { specialty: 'Dermatología', name: 'Primera visita', minutes: 30, euros: 70, ages: FROM_14, visit: 'primera' },
  { specialty: 'Dermatología', name: 'Revisión', minutes: 20, euros: 50, ages: FROM_14, visit: 'revision' },
  { specialty: 'Dermatología', name: 'Dermatoscopia digital', minutes: 30, euros: 90, ages: FROM_14 },
  {
    specialty: 'Dermatología',
    name: 'Peeling químico (estético)',
    minutes: 45,
    euros: 120,
    vat: '21',
    online: false,
    ages: ADULTS,
  },
  { specialty: 'Traumatología', name: 'Primera visita', minutes: 30, euros: 70, ages: FROM_14, visit: 'primera' },
  { specialty: 'Traumatología', name: 'Revisión', minutes: 20, euros: 50, ages: FROM_14, visit: 'revision' },
  { specialty: 'Traumatología', name: 'Ecografía musculoesquelética', minutes: 30, euros: 80, ages: FROM_14 },
  { specialty: 'Traumatología', name: 'Infiltración', minutes: 20, euros: 90, online: false, ages: ADULTS },
];

/** Loads the catalogue, each service performed by every doctor of its specialty. */
export async function seedServices(tx: Tx, repos: Repositories) {
  const specialtyIds = new Map((await repos.doctors.listSpecialties(tx)).map((row) => [row.name, row.id]));
  const doctors = await repos.doctors.list({}, tx);
  for (const service of DEMO_SERVICES) {
    const specialtyId = specialtyIds.get(service.specialty)!;
    const input: ClinicServiceInput = {
      name: service.name,
      specialtyId,
      doctorIds: doctors.filter((doctor) => doctor.specialtyId === specialtyId).map((doctor) => doctor.id),
      durationMinutes: service.minutes,
      priceCents: service.euros * 100,
      vat: service.vat ?? 'exenta',
      bookableOnline: service.online ?? true,
      active: true,
      note: service.note ?? '',
      depositCents: null,
      depositRefundHours: 48,
    };
    await repos.clinicServices.create(input, tx);
  }
}
