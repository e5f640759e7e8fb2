import { APPOINTMENT_CHANNEL_LABELS, APPOINTMENT_STATUS_LABELS } from '../../../common/schemas/appointments';
import { VAT_LABELS } from '../../../common/schemas/clinic-services';
import { FILE_TYPE_LABELS } from '../../../common/schemas/files';
import { INVOICE_TYPE_LABELS } from '../../../common/schemas/invoices';
import { SEX_LABELS } from '../../../common/schemas/patients';
import { PAYMENT_METHOD_LABELS } from '../../../common/schemas/payments';
import { PRESCRIPTION_STATUS_LABELS } from '../../../common/schemas/prescriptions';
import { TREATMENT_STATUS_LABELS } from '../../../common/schemas/treatments';

/**
 * The tables of «Exportar toda la clínica» (issue 37, item 4): one CSV each, described column by column in the
 * archive's LEEME.md. Each column is a SQL expression that reads as text (dates and times in the clinic's zone as
 * `AAAA-MM-DD` / `AAAA-MM-DD HH:MM`, amounts in euros with a decimal point) and, for a coded value, the Spanish
 * label it is written with. The SQL is this module's constants only: the one bound value is the time zone (`$tz`).
 */
export interface ExportColumn {
  header: string;
  about: string;
  sql: string;
  labels?: Record<string, string>;
}

export interface ExportTable {
  file: string;
  title: string;
  about: string;
  /** FROM and joins. */
  from: string;
  /** The columns the rows are read in order of, unique together (keyset paging over an index), with their type. */
  keys: [column: string, type: 'uuid' | 'int'][];
  /** Rows left out (a deleted file). */
  where?: string;
  columns: ExportColumn[];
}

const TZ = '$tz';
const at = (column: string) => `to_char(${column} AT TIME ZONE ${TZ}, 'YYYY-MM-DD HH24:MI')`;
const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const euros = (cents: string) => `to_char(${cents} / 100.0, 'FM999999990.00')`;
const yesNo = (column: string) => `CASE WHEN ${column} THEN 'sí' ELSE 'no' END`;
const id = (about: string): ExportColumn => ({ header: 'id', about, sql: 'id::text' });
const col = (header: string, sql: string, about: string, labels?: Record<string, string>): ExportColumn => ({
  header,
  sql,
  about,
  ...(labels ? { labels } : {}),
});
const who = (account: string) => `(SELECT display_name FROM profiles WHERE profiles.id = ${account})`;

export const EXPORT_TABLES: ExportTable[] = [
  {
    file: 'pacientes.csv',
    title: 'Pacientes',
    about: 'La ficha de cada paciente.',
    from: 'patients',
    keys: [['patients.id', 'uuid']],
    columns: [
      id('Identificador del paciente en Clínica (lo usan las demás tablas).'),
      col('nombre', 'first_name', 'Nombre.'),
      col('apellidos', 'last_name', 'Apellidos.'),
      col('tipo_documento', "coalesce(document_type, '')", 'DNI, NIE o pasaporte.'),
      col('documento', "coalesce(document_number, '')", 'Número del documento.'),
      col('fecha_nacimiento', `coalesce(${day('birth_date')}, '')`, 'AAAA-MM-DD.'),
      col('sexo', "coalesce(sex, '')", 'Sexo.', SEX_LABELS),
      col('telefono', 'phone', 'Teléfono.'),
      col('email', 'email', 'Correo electrónico.'),
      col('direccion', 'address', 'Dirección postal.'),
      col('aseguradora', 'insurer', 'Aseguradora.'),
      col('poliza', 'policy_number', 'Número de póliza.'),
      col('tarjeta', 'card_number', 'Número de la tarjeta de la aseguradora.'),
      col('caducidad_tarjeta', `coalesce(${day('card_expiry')}, '')`, 'Caducidad de la tarjeta, AAAA-MM-DD.'),
      col('alergias', 'allergies', 'Alergias anotadas en la ficha.'),
      col('antecedentes', 'medical_history', 'Antecedentes médicos.'),
      col('notas', 'notes', 'Notas de la ficha.'),
      col('alta', at('created_at'), 'Fecha y hora en que se creó la ficha.'),
    ],
  },
  {
    file: 'profesionales.csv',
    title: 'Profesionales',
    about: 'Los profesionales sanitarios de la clínica.',
    from: 'doctors JOIN profiles ON profiles.id = doctors.id JOIN specialties ON specialties.id = doctors.specialty_id',
    keys: [['doctors.id', 'uuid']],
    columns: [
      col('id', 'doctors.id::text', 'Identificador del profesional (lo usan citas, notas y recetas).'),
      col('nombre', 'profiles.display_name', 'Nombre con el que aparece.'),
      col('email', 'profiles.email', 'Correo de su cuenta.'),
      col('especialidad', 'specialties.name', 'Especialidad.'),
      col('numero_colegiado', 'doctors.license_number', 'Número de colegiado.'),
      col('activo', yesNo('doctors.active'), 'Si sigue atendiendo.'),
    ],
  },
  {
    file: 'servicios.csv',
    title: 'Servicios y tarifas',
    about: 'El catálogo de servicios con su precio.',
    from: 'clinic_services JOIN specialties ON specialties.id = clinic_services.specialty_id',
    keys: [['clinic_services.id', 'uuid']],
    columns: [
      col('id', 'clinic_services.id::text', 'Identificador del servicio.'),
      col('nombre', 'clinic_services.name', 'Nombre.'),
      col('especialidad', 'specialties.name', 'Especialidad.'),
      col('duracion_minutos', 'clinic_services.duration_minutes::text', 'Duración en minutos.'),
      col('precio', euros('clinic_services.price_cents'), 'Precio en euros.'),
      col('iva', 'clinic_services.vat', 'Tratamiento del IVA.', VAT_LABELS),
      col('activo', yesNo('clinic_services.active'), 'Si se ofrece hoy.'),
    ],
  },
  {
    file: 'aseguradoras.csv',
    title: 'Aseguradoras',
    about: 'Las mutuas y aseguradoras con las que trabaja la clínica.',
    from: 'insurers',
    keys: [['insurers.id', 'uuid']],
    columns: [
      col('id', 'insurers.id::text', 'Identificador de la aseguradora.'),
      col('nombre', 'insurers.name', 'Nombre.'),
      col('cif', "coalesce(insurers.tax_id, '')", 'CIF (vacío si aún no se ha escrito).'),
      col('direccion', 'insurers.address', 'Dirección de facturación.'),
      col('autorizacion', yesNo('insurers.requires_authorization'), 'Si pide autorización por visita.'),
      col(
        'copago',
        `coalesce(${euros('insurers.copay_cents')}, '')`,
        'Copago por visita en euros (vacío: sin copago).',
      ),
      col('activa', yesNo('insurers.active'), 'Si se puede elegir hoy.'),
    ],
  },
  {
    file: 'tarifas-de-aseguradoras.csv',
    title: 'Tarifas de las aseguradoras',
    about: 'Lo que paga cada aseguradora por cada servicio.',
    from: 'insurer_tariffs JOIN insurers ON insurers.id = insurer_tariffs.insurer_id JOIN clinic_services ON clinic_services.id = insurer_tariffs.service_id',
    keys: [
      ['insurer_tariffs.insurer_id', 'uuid'],
      ['insurer_tariffs.service_id', 'uuid'],
    ],
    columns: [
      col('aseguradora', 'insurers.name', 'Aseguradora.'),
      col('servicio_id', 'clinic_services.id::text', 'Identificador del servicio (servicios.csv).'),
      col('servicio', 'clinic_services.name', 'Servicio.'),
      col(
        'tarifa',
        `coalesce(${euros('insurer_tariffs.price_cents')}, 'no cubierto')`,
        'Tarifa en euros, o «no cubierto».',
      ),
    ],
  },
  {
    file: 'citas.csv',
    title: 'Citas',
    about: 'Todas las citas, pasadas y futuras, con su estado.',
    from: 'appointments LEFT JOIN clinic_services ON clinic_services.id = appointments.service_id',
    keys: [['appointments.id', 'uuid']],
    columns: [
      col('id', 'appointments.id::text', 'Identificador de la cita.'),
      col('paciente_id', 'appointments.patient_id::text', 'El paciente (pacientes.csv).'),
      col('profesional_id', 'appointments.doctor_id::text', 'El profesional (profesionales.csv).'),
      col('servicio', "coalesce(clinic_services.name, '')", 'Servicio reservado.'),
      col('inicio', at('appointments.starts_at'), 'Fecha y hora de inicio.'),
      col('fin', at('appointments.ends_at'), 'Fecha y hora de fin.'),
      col('estado', 'appointments.status', 'Estado.', APPOINTMENT_STATUS_LABELS),
      col('canal', 'appointments.channel', 'Cómo se reservó.', APPOINTMENT_CHANNEL_LABELS),
      col('motivo', 'appointments.reason', 'Motivo de la consulta.'),
      col('motivo_cancelacion', "coalesce(appointments.cancel_reason, '')", 'Motivo, si se canceló.'),
    ],
  },
  {
    file: 'notas-clinicas.csv',
    title: 'Notas clínicas',
    about: 'La nota de cada consulta, con sus adendas.',
    from: 'clinical_notes',
    keys: [['clinical_notes.id', 'uuid']],
    columns: [
      id('Identificador de la nota.'),
      col('cita_id', 'appointment_id::text', 'La cita (citas.csv).'),
      col('paciente_id', 'patient_id::text', 'El paciente.'),
      col('profesional_id', 'doctor_id::text', 'Quien la escribió.'),
      col('motivo', 'reason', 'Motivo de consulta.'),
      col('exploracion', 'examination', 'Exploración.'),
      col('diagnostico', 'diagnosis', 'Diagnóstico.'),
      col('codigo_diagnostico', 'diagnosis_code', 'Código del diagnóstico.'),
      col('plan', 'plan', 'Plan.'),
      col('resumen_paciente', 'patient_summary', 'Resumen para el paciente.'),
      col('firmada', `coalesce(${at('signed_at')}, '')`, 'Cuándo se firmó (vacía si no).'),
      col(
        'adendas',
        `coalesce((SELECT string_agg(${at('a.created_at')} || ' ' || ${who('a.author_id')} || ': ' || a.text, E'\\n' ORDER BY a.created_at) FROM clinical_note_addenda a WHERE a.note_id = clinical_notes.id), '')`,
        'Adendas añadidas tras firmar: fecha, autor y texto, una por línea.',
      ),
    ],
  },
  {
    file: 'recetas.csv',
    title: 'Recetas',
    about: 'Las recetas emitidas.',
    from: 'prescriptions',
    keys: [['prescriptions.id', 'uuid']],
    columns: [
      id('Identificador de la receta.'),
      col('paciente_id', 'patient_id::text', 'El paciente.'),
      col('profesional_id', 'doctor_id::text', 'Quien la prescribió.'),
      col('fecha', day('prescribed_on'), 'Fecha de prescripción.'),
      col('diagnostico', 'diagnosis', 'Diagnóstico.'),
      col('medicamentos', 'medicines::text', 'Medicamentos, en JSON (nombre, dosis, pauta, duración).'),
      col('estado', 'status', 'Estado.', PRESCRIPTION_STATUS_LABELS),
      col('codigo_verificacion', 'verification_code', 'Código con que la farmacia la verifica.'),
    ],
  },
  {
    file: 'tratamientos.csv',
    title: 'Tratamientos',
    about: 'Los planes de tratamiento.',
    from: 'treatments',
    keys: [['treatments.id', 'uuid']],
    columns: [
      id('Identificador del tratamiento.'),
      col('paciente_id', 'patient_id::text', 'El paciente.'),
      col('profesional_id', 'doctor_id::text', 'El profesional.'),
      col('titulo', 'title', 'Título.'),
      col('diagnostico', 'diagnosis', 'Diagnóstico.'),
      col('descripcion', 'description', 'Descripción.'),
      col('inicio', day('start_date'), 'Fecha de inicio.'),
      col('fin', `coalesce(${day('end_date')}, '')`, 'Fecha de fin.'),
      col('estado', 'status', 'Estado.', TREATMENT_STATUS_LABELS),
      col('sesiones_previstas', 'sessions_planned::text', 'Sesiones previstas.'),
    ],
  },
  {
    file: 'facturas.csv',
    title: 'Facturas',
    about: 'Las facturas emitidas, tal como se emitieron (también las anuladas y las rectificativas).',
    from: 'invoices',
    keys: [['invoices.id', 'uuid']],
    columns: [
      id('Identificador de la factura.'),
      col('numero', 'number', 'Número (serie y orden).'),
      col('tipo', 'type', 'Tipo de factura.', INVOICE_TYPE_LABELS),
      col('fecha', day('issue_date'), 'Fecha de expedición.'),
      col('paciente_id', "coalesce(patient_id::text, '')", 'El paciente.'),
      col('destinatario', "coalesce(recipient->>'name', '')", 'Nombre del destinatario (facturas completas).'),
      col('nif_destinatario', "coalesce(recipient->>'nif', '')", 'NIF del destinatario.'),
      col('descripcion', 'description', 'Descripción de la operación.'),
      col('base', euros('base_cents'), 'Base imponible en euros.'),
      col('iva', euros('tax_cents'), 'Cuota de IVA en euros.'),
      col('total', euros('total_cents'), 'Total en euros.'),
      col(
        'anulada',
        yesNo('EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = invoices.id)'),
        'Si se anuló.',
      ),
      col('modo', 'mode', '«pruebas» (sin valor fiscal) o «produccion».'),
    ],
  },
  {
    file: 'lineas-de-factura.csv',
    title: 'Líneas de factura',
    about: 'Lo que factura cada factura, línea a línea.',
    from: 'invoice_lines JOIN invoices ON invoices.id = invoice_lines.invoice_id',
    keys: [
      ['invoice_lines.invoice_id', 'uuid'],
      ['invoice_lines.position', 'int'],
    ],
    columns: [
      col('factura', 'invoices.number', 'Número de la factura (facturas.csv).'),
      col('linea', 'invoice_lines.position::text', 'Orden de la línea.'),
      col('concepto', 'invoice_lines.description', 'Concepto.'),
      col('cantidad', 'invoice_lines.quantity::text', 'Cantidad.'),
      col('precio_unitario', euros('invoice_lines.unit_price_cents'), 'Precio unitario en euros.'),
      col('iva', 'invoice_lines.vat', 'Tratamiento del IVA.', VAT_LABELS),
      col('base', euros('invoice_lines.base_cents'), 'Base en euros.'),
      col('cuota', euros('invoice_lines.tax_cents'), 'Cuota de IVA en euros.'),
      col('cita_id', "coalesce(invoice_lines.appointment_id::text, '')", 'La cita facturada, si la hay.'),
    ],
  },
  {
    file: 'cobros.csv',
    title: 'Cobros',
    about: 'Los cobros de cada factura (las devoluciones, en negativo).',
    from: 'payments JOIN invoices ON invoices.id = payments.invoice_id',
    keys: [['payments.id', 'uuid']],
    columns: [
      col('id', 'payments.id::text', 'Identificador del cobro.'),
      col('factura', 'invoices.number', 'Número de la factura.'),
      col('fecha', day('payments.day'), 'Día del cobro.'),
      col('forma_de_pago', 'payments.method', 'Forma de pago.', PAYMENT_METHOD_LABELS),
      col('importe', euros('payments.amount_cents'), 'Importe en euros.'),
      col('nota', 'payments.note', 'Nota.'),
    ],
  },
  {
    file: 'documentos.csv',
    title: 'Documentos',
    about: 'Los documentos de cada paciente; el archivo está en la carpeta documentos/ del ZIP.',
    from: 'patient_files',
    keys: [['patient_files.id', 'uuid']],
    where: 'patient_files.deleted_at IS NULL',
    columns: [
      id('Identificador del documento.'),
      col('paciente_id', "coalesce(patient_id::text, '')", 'El paciente.'),
      col('tipo', 'type', 'Tipo de documento.', FILE_TYPE_LABELS),
      col('nombre', 'name', 'Nombre del archivo.'),
      col('descripcion', 'description', 'Descripción.'),
      col('tipo_mime', 'mime', 'Formato (tipo MIME).'),
      col('bytes', 'size::text', 'Tamaño en bytes.'),
      col('subido', at('created_at'), 'Cuándo se subió.'),
      col(
        'archivo',
        "'documentos/' || coalesce(patient_id::text, 'sin-paciente') || '/' || id::text || '-' || translate(name, '/\\', '__')",
        'Ruta del archivo dentro del ZIP.',
      ),
    ],
  },
];
