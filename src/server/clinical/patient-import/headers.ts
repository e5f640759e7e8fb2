import {
  MULTI_COLUMN_FIELDS,
  type ImportField,
  type ImportMapping,
  type ImportTarget,
} from '../../../common/schemas/patient-import';

/** A header as compared: lower case, no accents, «nº»/«n.º»/«num» as «numero», punctuation as spaces. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bn\s*\.?\s*[º°]|\bnum(?:ero)?\b\.?|\bno\.\s*/g, ' numero ')
    .replace(/[º°ª]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The headers previous programs write for each field (normalised), most specific first. A header equal to
 * one of these is taken at once; otherwise the first pattern it contains decides.
 */
const EXACT: [ImportField, string[]][] = [
  [
    'code',
    [
      'codigo',
      'cod',
      'codigo paciente',
      'cod paciente',
      'numero historia',
      'historia',
      'nhc',
      'numero paciente',
      'id',
      'id paciente',
      'referencia',
      'ref',
      'ficha',
      'numero ficha',
    ],
  ],
  ['firstName', ['nombre', 'nombre paciente', 'nombre pila', 'name', 'first name']],
  [
    'lastName',
    [
      'apellidos',
      'apellido',
      'apellido 1',
      'apellido1',
      'primer apellido',
      '1 apellido',
      '1er apellido',
      'surname',
      'last name',
    ],
  ],
  ['secondLastName', ['apellido 2', 'apellido2', 'segundo apellido', '2 apellido', '2o apellido']],
  [
    'fullName',
    ['paciente', 'nombre completo', 'nombre y apellidos', 'apellidos y nombre', 'apellidos nombre', 'nombre apellidos'],
  ],
  ['documentType', ['tipo documento', 'tipo de documento', 'tipo doc', 'tipo identificacion']],
  [
    'documentNumber',
    [
      'dni',
      'nif',
      'nie',
      'dni nie',
      'nif nie',
      'dni nif',
      'documento',
      'numero documento',
      'documento identidad',
      'doc',
      'pasaporte',
      'dni pasaporte',
      'cif nif',
    ],
  ],
  [
    'birthDate',
    [
      'f nacimiento',
      'fecha nacimiento',
      'fecha de nacimiento',
      'nacimiento',
      'f nac',
      'fecha nac',
      'fec nac',
      'fnac',
      'fnacimiento',
      'birth date',
      'fecha nacim',
    ],
  ],
  ['sex', ['sexo', 'genero', 'sex', 'h m', 'm f']],
  [
    'phone',
    [
      'movil',
      'telefono movil',
      'tlf movil',
      'tel movil',
      'celular',
      'telefono',
      'tel',
      'tlf',
      'tfno',
      'telf',
      'tfn',
      'telefono 1',
      'telefono1',
      'phone',
    ],
  ],
  ['email', ['email', 'e mail', 'correo', 'correo electronico', 'mail', 'e correo']],
  [
    'address',
    [
      'direccion',
      'domicilio',
      'calle',
      'direccion postal',
      'cp',
      'c p',
      'codigo postal',
      'poblacion',
      'localidad',
      'ciudad',
      'municipio',
      'provincia',
    ],
  ],
  ['insurer', ['aseguradora', 'mutua', 'compania', 'seguro', 'entidad', 'compania aseguradora', 'sociedad medica']],
  [
    'policyNumber',
    [
      'numero poliza',
      'poliza',
      'numero de poliza',
      'numero tarjeta',
      'tarjeta',
      'numero asegurado',
      'numero socio',
      'tarjeta sanitaria',
    ],
  ],
  ['allergies', ['alergias', 'alergia', 'alergico a', 'alergias conocidas']],
  [
    'medicalHistory',
    [
      'antecedentes',
      'antecedentes medicos',
      'antecedentes personales',
      'historial',
      'historia clinica',
      'enfermedades',
      'patologias',
      'diagnosticos',
    ],
  ],
  ['notes', ['notas', 'nota', 'observaciones', 'obs', 'comentarios', 'comentario', 'otros datos']],
];

const CONTAINS: [ImportField, RegExp][] = [
  ['birthDate', /\bnac/],
  ['secondLastName', /\b(2|segundo)\b.*apellido|apellido.*\b(2|segundo)\b/],
  ['lastName', /apellido/],
  ['documentNumber', /\b(dni|nif|nie|pasaporte)\b/],
  ['phone', /\b(movil|telefono|tlf|tfno|telf)\b/],
  ['email', /\b(e ?mail|correo)\b/],
  ['policyNumber', /poliza|tarjeta/],
  ['insurer', /aseguradora|mutua|compania/],
  ['allergies', /alergi/],
  ['medicalHistory', /antecedente|patologi/],
  ['notes', /observacion|nota|comentario/],
  ['address', /direccion|domicilio|postal|poblacion|localidad|provincia/],
];

/** The headers of a file of appointments. */
const APPOINTMENT_EXACT: [ImportField, string[]][] = [
  ['date', ['fecha', 'fecha cita', 'fecha de la cita', 'f cita', 'dia', 'fecha y hora', 'fecha hora', 'cita']],
  ['time', ['hora', 'hora cita', 'hora de la cita', 'hora inicio', 'inicio', 'h']],
  ['duration', ['duracion', 'duracion min', 'minutos', 'min', 'tiempo']],
  [
    'doctor',
    [
      'doctor',
      'doctora',
      'dr',
      'medico',
      'medica',
      'profesional',
      'facultativo',
      'especialista',
      'agenda',
      'odontologo',
    ],
  ],
  ['patientDocument', ['dni', 'nif', 'nie', 'dni nie', 'nif nie', 'documento', 'dni paciente', 'documento paciente']],
  [
    'patientCode',
    ['codigo', 'cod', 'codigo paciente', 'numero historia', 'historia', 'nhc', 'numero paciente', 'ficha'],
  ],
  ['reason', ['motivo', 'motivo de la cita', 'observaciones', 'tratamiento', 'concepto', 'asunto', 'notas', 'nota']],
];

const APPOINTMENT_CONTAINS: [ImportField, RegExp][] = [
  ['time', /\bhora\b/],
  ['date', /fecha|\bdia\b/],
  ['duration', /duracion|minutos/],
  ['doctor', /doctor|medic|profesional|facultativ/],
  ['patientDocument', /\b(dni|nif|nie)\b|documento/],
  ['patientCode', /codigo|historia/],
  ['reason', /motivo|observacion|tratamiento|concepto|nota/],
];

function guessOne(header: string, target: ImportTarget): ImportField | null {
  const normalized = normalizeHeader(header);
  if (!normalized) return null;
  const [exact, contains] = target === 'appointments' ? [APPOINTMENT_EXACT, APPOINTMENT_CONTAINS] : [EXACT, CONTAINS];
  for (const [field, names] of exact) if (names.includes(normalized)) return field;
  for (const [field, pattern] of contains) if (pattern.test(normalized)) return field;
  return null;
}

/**
 * The mapping guessed from the header: each column its field, a field that takes one column only to the
 * first that claims it (a second «Teléfono» after «Móvil» stays unmapped), and «Nombre completo» only
 * when no column gives the name and surnames apart.
 */
export function guessMapping(header: string[], target: ImportTarget = 'patients'): ImportMapping {
  // A ZIP of documents is read as [path, size]: its files' names are what name the patients.
  if (target === 'documents') return header.map((_, index) => (index === 0 ? 'documentFile' : null));
  const taken = new Set<ImportField>();
  // A mobile first: when a file has «Teléfono» and «Móvil», the reminders go to the mobile.
  const order = header
    .map((text, index) => ({
      index,
      field: guessOne(text, target),
      mobile: /movil|celular/.test(normalizeHeader(text)),
    }))
    .sort((a, b) => Number(b.mobile) - Number(a.mobile) || a.index - b.index);
  const mapping: ImportMapping = header.map(() => null);
  for (const { index, field } of order) {
    if (!field) continue;
    if (!MULTI_COLUMN_FIELDS.includes(field) && taken.has(field)) continue;
    taken.add(field);
    mapping[index] = field;
  }
  if (taken.has('fullName') && taken.has('firstName'))
    return mapping.map((field) => (field === 'fullName' ? null : field));
  return mapping;
}
