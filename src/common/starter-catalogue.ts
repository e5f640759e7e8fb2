import type { VatTreatment } from './schemas/clinic-services';

/**
 * The set-up wizard's starter catalogue (issue 37, item 2): typical specialties, each with a few services, a usual
 * length and an indicative price — the admin unticks and edits them before anything is created (decision 0125).
 * Health care is exempt from VAT (art. 20.Uno.3.º Ley 37/1992); aesthetic treatments and certificates for a purpose
 * other than health carry 21 %.
 */
export interface StarterService {
  name: string;
  durationMinutes: number;
  priceCents: number;
  vat: VatTreatment;
  note: string;
}
export interface StarterSpecialty {
  name: string;
  forMinors: boolean;
  services: StarterService[];
}

const AESTHETIC = 'Tratamiento estético, sin finalidad sanitaria: lleva IVA.';
const CERTIFICATE = 'Certificado para un fin no sanitario (deporte, permiso, oposición): lleva IVA.';

const exempt = (name: string, durationMinutes: number, euros: number): StarterService => ({
  name,
  durationMinutes,
  priceCents: euros * 100,
  vat: 'exenta',
  note: '',
});
const taxed = (name: string, durationMinutes: number, euros: number, note: string): StarterService => ({
  name,
  durationMinutes,
  priceCents: euros * 100,
  vat: '21',
  note,
});

export const STARTER_CATALOGUE: StarterSpecialty[] = [
  {
    name: 'Medicina general',
    forMinors: false,
    services: [
      exempt('Consulta de medicina general', 30, 50),
      exempt('Consulta de revisión', 20, 35),
      exempt('Electrocardiograma', 20, 40),
      taxed('Certificado médico', 15, 35, CERTIFICATE),
    ],
  },
  {
    name: 'Pediatría',
    forMinors: true,
    services: [
      exempt('Consulta de pediatría', 30, 55),
      exempt('Revisión del niño sano', 30, 50),
      exempt('Consulta de seguimiento pediátrico', 20, 40),
    ],
  },
  {
    name: 'Fisioterapia',
    forMinors: false,
    services: [
      exempt('Valoración de fisioterapia', 60, 55),
      exempt('Sesión de fisioterapia', 45, 45),
      exempt('Punción seca', 30, 40),
      exempt('Drenaje linfático', 45, 45),
    ],
  },
  {
    name: 'Odontología',
    forMinors: false,
    services: [
      exempt('Primera visita dental', 30, 30),
      exempt('Limpieza dental', 45, 60),
      exempt('Empaste', 45, 70),
      exempt('Extracción simple', 30, 80),
      taxed('Blanqueamiento dental', 60, 300, AESTHETIC),
    ],
  },
  {
    name: 'Dermatología',
    forMinors: false,
    services: [
      exempt('Consulta de dermatología', 30, 80),
      exempt('Revisión de lunares (dermatoscopia)', 30, 90),
      exempt('Crioterapia', 20, 60),
      taxed('Peeling químico', 45, 120, AESTHETIC),
    ],
  },
  {
    name: 'Psicología',
    forMinors: false,
    services: [
      exempt('Primera consulta de psicología', 60, 70),
      exempt('Sesión de psicoterapia', 50, 60),
      exempt('Terapia de pareja', 60, 80),
    ],
  },
  {
    name: 'Ginecología',
    forMinors: false,
    services: [
      exempt('Revisión ginecológica', 30, 80),
      exempt('Ecografía ginecológica', 20, 70),
      exempt('Citología', 20, 50),
      exempt('Control de embarazo', 30, 80),
    ],
  },
  {
    name: 'Traumatología',
    forMinors: false,
    services: [
      exempt('Consulta de traumatología', 30, 80),
      exempt('Revisión de traumatología', 20, 60),
      exempt('Infiltración', 20, 90),
    ],
  },
  {
    name: 'Nutrición',
    forMinors: false,
    services: [
      exempt('Primera consulta de nutrición', 60, 60),
      exempt('Consulta de seguimiento nutricional', 30, 40),
      exempt('Estudio de composición corporal', 20, 30),
    ],
  },
  {
    name: 'Medicina estética',
    forMinors: false,
    services: [
      taxed('Consulta de medicina estética', 30, 50, AESTHETIC),
      taxed('Tratamiento con toxina botulínica', 30, 300, AESTHETIC),
      taxed('Relleno con ácido hialurónico', 45, 350, AESTHETIC),
      taxed('Mesoterapia facial', 45, 150, AESTHETIC),
    ],
  },
];
