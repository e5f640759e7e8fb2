import { dniLetter } from '../../common/identity-document';

/** A small deterministic PRNG (mulberry32), so demo data is the same on every machine. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

export const FEMALE_NAMES = [
  'María',
  'Carmen',
  'Ana',
  'Isabel',
  'Laura',
  'Lucía',
  'Marta',
  'Cristina',
  'Elena',
  'Paula',
  'Sara',
  'Raquel',
  'Pilar',
  'Rosa',
  'Beatriz',
  'Silvia',
  'Nuria',
  'Irene',
  'Alba',
  'Sofía',
  'Julia',
  'Claudia',
  'Andrea',
  'Noelia',
  'Inés',
  'Rocío',
  'Águeda',
  'Begoña',
  'Montserrat',
  'Ainhoa',
  'Leire',
  'Nerea',
  'Encarnación',
  'Mercedes',
] as const;
export const MALE_NAMES = [
  'Antonio',
  'José',
  'Manuel',
  'Francisco',
  'David',
  'Juan',
  'Javier',
  'Daniel',
  'Carlos',
  'Jesús',
  'Alejandro',
  'Miguel',
  'Rafael',
  'Pablo',
  'Sergio',
  'Fernando',
  'Jorge',
  'Luis',
  'Alberto',
  'Álvaro',
  'Adrián',
  'Diego',
  'Raúl',
  'Iván',
  'Rubén',
  'Óscar',
  'Andrés',
  'Ignacio',
  'Íñigo',
  'Joaquín',
  'Ramón',
  'Víctor',
  'Hugo',
  'Martín',
] as const;
export const SURNAMES = [
  'García',
  'Rodríguez',
  'González',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Morales',
  'Suárez',
  'Ortega',
  'Delgado',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Núñez',
  'Iglesias',
  'Medina',
  'Garrido',
  'Cortés',
  'Castillo',
  'Santos',
  'Lozano',
  'Guerrero',
  'Cano',
  'Prieto',
  'Méndez',
  'Cruz',
  'Calvo',
  'Gallego',
  'Vidal',
  'León',
  'Márquez',
  'Herrera',
  'Peña',
  'Flores',
  'Cabrera',
  'Campos',
  'Vega',
  'Fuentes',
  'Carrasco',
  'Diez',
  'Caballero',
  'Reyes',
  'Nieto',
  'Aguilar',
  'Pascual',
  'Santana',
  'Herrero',
  'Lorenzo',
  'Montero',
  'Hidalgo',
  'Giménez',
  'Ibáñez',
  'Ferrer',
  'Durán',
  'Santiago',
  'Benítez',
  'Mora',
  'Vicente',
  'Vargas',
  'Arias',
  'Carmona',
  'Crespo',
  'Román',
  'Pastor',
  'Soto',
  'Sáez',
  'Velasco',
  'Moya',
  'Soler',
  'Parra',
  'Esteban',
  'Bravo',
  'Gallardo',
  'Rojas',
  'Pardo',
  'Merino',
  'Franco',
  'Espinosa',
  'Izquierdo',
  'Lara',
  'Rivas',
  'Silva',
  'Rivera',
  'Casado',
  'Arroyo',
  'Redondo',
  'Camacho',
  'Rey',
  'Vera',
  'Otero',
  'Luque',
  'Galán',
  'Montes',
  'Ríos',
  'Sierra',
  'Segura',
  'Carrillo',
  'Marcos',
  'Marti',
  'Soriano',
  'Mendoza',
  'Robles',
  'Bernal',
  'Vila',
  'Valero',
  'Palacios',
  'Pizarro',
  'Beltrán',
  'Miranda',
  'Quintero',
  'Ochoa',
  'Echeverría',
  'Zubizarreta',
  'Úbeda',
  'Muñiz',
  'Cuesta',
  'Salazar',
  'Avilés',
  'Mañas',
  'Cañizares',
] as const;
export const STREETS = [
  'Calle Mayor',
  'Calle de Alcalá',
  'Gran Vía',
  'Paseo de la Castellana',
  'Calle de Toledo',
  'Calle de Atocha',
  'Avenida de América',
  'Calle de Embajadores',
  'Calle de Bravo Murillo',
  'Calle de Goya',
  'Calle de Serrano',
  'Paseo de las Delicias',
  'Calle de Méndez Álvaro',
  'Calle de Arturo Soria',
  'Avenida de la Albufera',
] as const;
export const INSURERS = ['', '', 'Sanitas', 'Adeslas', 'Asisa', 'DKV', 'Mapfre Salud', 'Cigna', 'Allianz'] as const;
export const ALLERGIES = [
  '',
  '',
  '',
  '',
  'Penicilina',
  'Ácaros del polvo',
  'Polen de gramíneas',
  'Frutos secos',
  'Ibuprofeno',
  'Látex',
] as const;
export const HISTORIES = [
  '',
  '',
  'Hipertensión arterial en tratamiento.',
  'Diabetes mellitus tipo 2.',
  'Asma bronquial leve desde la infancia.',
  'Apendicectomía en 2010.',
  'Hipotiroidismo en tratamiento con levotiroxina.',
  'Migrañas ocasionales.',
  'Fractura de radio distal en 2018.',
] as const;

/** A valid DNI from a number below 10⁸. */
export function dniFor(number: number): string {
  const digits = String(number % 100_000_000).padStart(8, '0');
  return `${digits}${dniLetter(Number(digits))}`;
}

export interface FakePatient {
  firstName: string;
  lastName: string;
  documentType: 'dni';
  documentNumber: string;
  birthDate: string;
  sex: 'mujer' | 'hombre';
  phone: string;
  email: string;
  address: string;
  insurer: string;
  policyNumber: string;
  allergies: string;
  medicalHistory: string;
}

/** The i-th made-up patient (same i, same person); its DNI is unique per i. */
export function fakePatient(i: number, seed = 1): FakePatient {
  const rng = random(seed * 1_000_003 + i);
  const sex = rng.next() < 0.52 ? 'mujer' : 'hombre';
  const firstName = rng.pick(sex === 'mujer' ? FEMALE_NAMES : MALE_NAMES);
  const lastName = `${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
  const insurer = rng.pick(INSURERS);
  const year = rng.int(1935, 2022);
  const month = String(rng.int(1, 12)).padStart(2, '0');
  const day = String(rng.int(1, 28)).padStart(2, '0');
  const emailName = `${firstName}.${lastName.split(' ')[0]}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return {
    firstName,
    lastName,
    documentType: 'dni',
    // Spread over the DNI space so the numbers look real, unique because i is unique and < 10⁸/7919.
    documentNumber: dniFor(10_000_000 + ((i * 7919) % 89_000_000)),
    birthDate: `${year}-${month}-${day}`,
    sex,
    phone: `+34 6${rng.int(0, 9)}${rng.int(0, 9)} ${String(rng.int(0, 999)).padStart(3, '0')} ${String(rng.int(0, 999)).padStart(3, '0')}`,
    email: rng.next() < 0.8 ? `${emailName}${i}@correo.demo` : '',
    address: `${rng.pick(STREETS)} ${rng.int(1, 180)}, ${rng.int(28001, 28055)} Madrid`,
    insurer,
    policyNumber: insurer ? `${insurer.slice(0, 3).toUpperCase()}-${rng.int(100000, 999999)}` : '',
    allergies: rng.pick(ALLERGIES),
    medicalHistory: rng.pick(HISTORIES),
  };
}
