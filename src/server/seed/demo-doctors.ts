import type { AgeRange } from './agenda';

const h = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const interval = (weekdays: number[], start: string, end: string) =>
  weekdays.map((weekday) => ({ weekday, startMinute: h(start), endMinute: h(end) }));

/** Six doctors in four specialties, with split shifts and one absence each (days from today). */
export const DEMO_DOCTORS = [
  {
    email: 'doctora@clinica.demo',
    displayName: 'Dra. Lucía Fernández Gómez',
    specialty: 'Medicina familiar',
    licenseNumber: '282845671',
    color: '#0b7285',
    minutes: 20,
    bio: 'Médica de familia con quince años de experiencia en atención primaria y seguimiento de pacientes crónicos.',
    schedule: [
      ...interval([1, 2, 3, 4], '09:00', '14:00'),
      ...interval([1, 2, 3, 4], '16:00', '19:00'),
      ...interval([5], '09:00', '15:00'),
    ],
    absence: { inDays: 40, days: 5, reason: 'Vacaciones' },
  },
  {
    email: 'dr.ortega@clinica.demo',
    displayName: 'Dr. Javier Ortega Ramos',
    specialty: 'Medicina familiar',
    licenseNumber: '282839120',
    color: '#1c7ed6',
    minutes: 20,
    bio: 'Especialista en medicina familiar y comunitaria. Consulta de adultos y revisiones de salud.',
    schedule: interval([1, 2, 3, 4, 5], '08:00', '15:00'),
    absence: { inDays: 12, days: 2, reason: 'Congreso de medicina de familia' },
  },
  {
    email: 'dra.iglesias@clinica.demo',
    displayName: 'Dra. Carmen Iglesias Vidal',
    specialty: 'Pediatría',
    licenseNumber: '282851004',
    color: '#ae3ec9',
    minutes: 30,
    bio: 'Pediatra. Revisiones del niño sano, vacunación y consulta de enfermedades infantiles.',
    schedule: [...interval([1, 3, 5], '09:00', '14:00'), ...interval([2, 4], '15:00', '20:00')],
    absence: { inDays: 25, days: 1, reason: 'Formación' },
  },
  {
    email: 'dr.molina@clinica.demo',
    displayName: 'Dr. Andrés Molina Prieto',
    specialty: 'Dermatología',
    licenseNumber: '282847733',
    color: '#e8590c',
    minutes: 30,
    bio: 'Dermatólogo. Revisión de lunares, acné, psoriasis y dermatología estética.',
    schedule: [...interval([1, 2, 3, 4], '10:00', '14:00'), ...interval([1, 2, 3, 4], '16:30', '19:30')],
    absence: { inDays: 60, days: 10, reason: 'Vacaciones' },
  },
  {
    email: 'dra.navarro@clinica.demo',
    displayName: 'Dra. Elena Navarro Castro',
    specialty: 'Traumatología',
    licenseNumber: '282836648',
    color: '#2f9e44',
    minutes: 30,
    bio: 'Traumatóloga especializada en lesiones deportivas, rodilla y hombro.',
    schedule: interval([1, 2, 3, 4, 5], '09:00', '13:30'),
    absence: { inDays: 18, days: 3, reason: 'Asuntos propios' },
  },
  {
    email: 'dr.santos@clinica.demo',
    displayName: 'Dr. Miguel Santos Herrera',
    specialty: 'Traumatología',
    licenseNumber: '282842295',
    color: '#fcc419',
    minutes: 30,
    bio: 'Traumatólogo. Columna, mano y seguimiento de fracturas.',
    schedule: [...interval([1, 2, 4], '15:00', '20:00'), ...interval([3], '09:00', '14:00')],
    absence: { inDays: 33, days: 4, reason: 'Curso de cirugía de mano' },
  },
];

/** Pediatrics sees children up to their 14th birthday (as the public system does); the others, from then on. */
export const CHILDREN: AgeRange = { min: 0, below: 14 };
export const FROM_14: AgeRange = { min: 14, below: 200 };
export const ADULTS: AgeRange = { min: 18, below: 200 };
export const PEDIATRICS = 'Pediatría';

/** The reasons patients give each specialty: no «Control del niño sano» at the dermatologist. */
export const DEMO_REASONS: Record<string, readonly string[]> = {
  'Medicina familiar': [
    'Revisión anual',
    'Control de tensión arterial',
    'Resultados de análisis',
    'Tos persistente',
    'Renovación de receta',
    'Cefalea frecuente',
    'Dolor lumbar',
    '',
  ],
  Pediatría: ['Control del niño sano', 'Vacunación', ''],
  Dermatología: ['Revisión de lunares', 'Acné', ''],
  Traumatología: ['Dolor de rodilla', 'Esguince de tobillo', 'Dolor lumbar', ''],
};
