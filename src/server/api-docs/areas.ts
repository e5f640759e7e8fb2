/**
 * The areas of the API reference (OpenAPI tags): each route belongs to the first area whose pattern
 * matches its URL (as Fastify registers it, `:id` for a parameter). The order of this list is the order
 * of the reference page. A route no area claims fails `api-docs.test.ts` by name: add it here.
 */
export interface Area {
  name: string;
  description: string;
  /** URLs of the area; the more specific areas come first. */
  matches: RegExp[];
}

export const AREAS: Area[] = [
  {
    name: 'Sesión y cuentas',
    description:
      'Iniciar y cerrar sesión, darse de alta, restablecer la contraseña y confirmar el correo. La sesión es la cookie `clinica_session` que devuelve el inicio de sesión.',
    matches: [/^\/api\/auth\//, /^\/api\/initial-setup/],
  },
  {
    name: 'Perfil',
    description:
      'La cuenta de quien llama: sus datos, su foto, su contraseña, su segundo factor y sus sesiones abiertas; la ficha profesional de un doctor; los datos de contacto y la descarga de datos (derecho de acceso) de un paciente.',
    matches: [
      /^\/api\/profile/,
      /^\/api\/me\/(doctor|data-export|patient\/contact|channel)$/,
      /^\/api\/me\/(sessions|activity)/,
    ],
  },
  {
    name: 'Mensajes y encuestas',
    description:
      'Avisos de los proveedores de SMS (Twilio) y WhatsApp, verificados por su firma: estados de los mensajes enviados y las respuestas de los pacientes; y la encuesta tras la visita, que se abre con su enlace de un solo uso.',
    matches: [/^\/api\/public\/(messages|surveys)\//],
  },
  {
    name: 'Opiniones',
    description:
      'Las respuestas a la encuesta tras la visita: puntuaciones por mes, doctor y servicio, los comentarios y la respuesta por correo al paciente (la clínica todas; cada doctor las de sus visitas).',
    matches: [/^\/api\/opinions/],
  },
  {
    name: 'Reserva pública',
    description:
      'Lo que usa la página de reserva sin cuenta: opciones, huecos libres y la reserva; y la gestión de la cita desde el enlace del correo (el token firmado es la prueba).',
    matches: [/^\/api\/public\/(booking-options|availability|bookings)/],
  },
  {
    name: 'Citas',
    description:
      'Agenda de la clínica (historial, calendario, citas de hoy, exportación CSV), la agenda de cada doctor, las citas del propio paciente y sus respuestas al recordatorio.',
    matches: [
      /^\/api\/appointments($|\/(range|month|today|export\.csv|:id($|\/(status|undo|availability|payer))))/,
      /^\/api\/doctor\/appointments/,
      /^\/api\/me\/appointments/,
      /^\/api\/appointment-answers/,
    ],
  },
  {
    name: 'Notas clínicas',
    description:
      'La nota de consulta de cada cita (redactar, firmar, añadir adendas, compartir el resumen con el paciente) y los resúmenes que ve el paciente.',
    matches: [/^\/api\/appointments\/:id\/note/, /^\/api\/doctor\/notes/, /^\/api\/me\/visit-summaries/],
  },
  {
    name: 'Tratamientos',
    description: 'Planes de tratamiento de los pacientes y su avance en cada cita.',
    matches: [/^\/api\/treatments/, /^\/api\/appointments\/:id\/treatment$/],
  },
  {
    name: 'Recetas',
    description: 'Recetas de los doctores, su PDF y su anulación.',
    matches: [/^\/api\/prescriptions/],
  },
  {
    name: 'Pacientes',
    description:
      'Fichas de pacientes (búsqueda, alta, edición), su historia clínica y contexto, el vínculo de una ficha con la cuenta de su titular, la importación desde el programa anterior y la exportación de toda la clínica.',
    matches: [
      /^\/api\/patients/,
      /^\/api\/patient-imports/,
      /^\/api\/clinic-export$/,
      /^\/api\/me\/(patient|record-link)/,
    ],
  },
  {
    name: 'Profesionales',
    description: 'Doctores de la clínica: ficha, horario semanal, ausencias e invitación a su cuenta.',
    matches: [/^\/api\/doctors/],
  },
  {
    name: 'Archivos',
    description: 'Documentos de los pacientes y de la clínica: subir, listar, ver o descargar y borrar.',
    matches: [/^\/api\/files/],
  },
  {
    name: 'Mensajes',
    description:
      'La bandeja de mensajes de la clínica y la conversación de cada paciente con ella (también sus respuestas por SMS y WhatsApp, y las de números sin paciente).',
    matches: [/^\/api\/conversations/, /^\/api\/me\/messages/, /^\/api\/unmatched-messages/],
  },
  {
    name: 'Lista de espera',
    description: 'Quién espera hueco con qué doctor o especialidad, y las ofertas de huecos liberados.',
    matches: [/^\/api\/waiting-list/, /^\/api\/me\/waiting-list/, /^\/api\/public\/waiting-list/],
  },
  {
    name: 'Tareas',
    description: 'Las tareas del equipo: crear, asignar y cambiar su estado.',
    matches: [/^\/api\/tasks/],
  },
  {
    name: 'Calendarios privados',
    description: 'Enlaces privados iCalendar (`.ics`) con la agenda, para suscribirse desde otro calendario.',
    matches: [/^\/api\/me\/calendar-feed$/, /^\/api\/calendar-feeds\//, /^\/api\/users\/:id\/calendar-feed$/],
  },
  {
    name: 'Usuarios',
    description: 'Las cuentas de la clínica: invitar al personal, cambiar el rol y activar o desactivar.',
    matches: [/^\/api\/users/],
  },
  {
    name: 'Clínica y configuración',
    description:
      'Datos públicos de la clínica, su configuración y su asistente de puesta en marcha, festivos, especialidades e imágenes (logotipo, fotos).',
    matches: [
      /^\/api\/public\/clinic$/,
      /^\/api\/settings/,
      /^\/api\/setup-wizard/,
      /^\/api\/holidays/,
      /^\/api\/specialties/,
      /^\/api\/images/,
    ],
  },
  {
    name: 'Servicios y tarifas',
    description:
      'Lo que ofrece la clínica: especialidad, profesionales, duración, precio en céntimos y tratamiento del IVA (exento o 21, 10 o 4 %).',
    matches: [/^\/api\/services/],
  },
  {
    name: 'Aseguradoras',
    description:
      'Mutuas y aseguradoras con las que trabaja la clínica: CIF, dirección de facturación, copago, si piden autorización, y su tarifa por servicio (un precio en céntimos o «No cubierto»).',
    matches: [/^\/api\/insurers/],
  },
  {
    name: 'Bonos',
    description:
      'Bonos de sesiones: N sesiones de un servicio a un precio sin IVA (se suma el del servicio), con validez en meses o sin caducidad. Se venden desde la ficha del paciente (`/api/patients/{id}/packs`), con su factura; cada visita atendida de ese servicio gasta una sesión; lo no usado se devuelve con una rectificativa.',
    matches: [/^\/api\/pack-products/],
  },
  {
    name: 'Consentimientos',
    description:
      'Plantillas de consentimiento informado (Ley 41/2002): su texto en Markdown por secciones (descripción, consecuencias, riesgos, alternativas) y los servicios a los que se aplican. Cada cambio publica una versión nueva; una versión publicada no cambia nunca. Su firma: el enlace de un solo uso con caducidad (`/api/consentimientos/…`), el PDF con la huella SHA-256 de su contenido, la revocación y el estado de cada cita.',
    matches: [
      /^\/api\/consent-templates/,
      /^\/api\/consentimientos/,
      /^\/api\/consent-(requests|status)/,
      /^\/api\/me\/consents/,
    ],
  },
  {
    name: 'Cuestionarios',
    description:
      'Cuestionarios de anamnesis: la clínica los construye por secciones y preguntas, versionados como los consentimientos; el paciente los rellena antes de la visita (desde su área o el enlace del correo, guardando sobre la marcha) y su médico ve las respuestas y copia a la historia, una a una, las alergias y la medicación declaradas. En la consulta, junto a la nota: los consentimientos de la visita con su PDF y las últimas respuestas de cada cuestionario con lo nuevo desde las anteriores.',
    matches: [
      /^\/api\/questionnaires/,
      /^\/api\/me\/questionnaires/,
      /^\/api\/questionnaire-links/,
      /^\/api\/questionnaire-requests/,
      /^\/api\/patients\/[^/]+\/questionnaires/,
      /^\/api\/appointments\/:id\/forms$/,
    ],
  },
  {
    name: 'Facturación',
    description:
      'Facturas completas y simplificadas con sus registros VERI*FACTU encadenados: emitir desde citas atendidas, anular, el PDF con su código QR tributario, los datos fiscales del emisor, los registros en el XML de la AEAT, la caja por turnos y los libros (libro registro de facturas expedidas, modelos 303 y 347); el modo de facturación (pruebas o producción), las incidencias de envío y la declaración responsable del sistema («Acerca de», pública). Importes en céntimos.',
    matches: [
      /^\/api\/invoices/,
      /^\/api\/billing\//,
      /^\/api\/verifactu\//,
      /^\/api\/books\//,
      /^\/api\/public\/about$/,
    ],
  },
  {
    name: 'Presupuestos',
    description:
      'Presupuestos de tratamiento numerados por año (P-AAAA-NNNN): sus líneas con descuentos, validez, envío por correo o SMS, la firma en el móvil desde su enlace (`/api/presupuestos/…`) o la aceptación en papel, las sesiones enlazadas a citas y su factura por adelantado. Importes en céntimos.',
    matches: [/^\/api\/quotes/, /^\/api\/presupuestos/],
  },
  {
    name: 'Liquidaciones',
    description:
      'La factura mensual a cada aseguradora con sus visitas y la conciliación de su pago, y las liquidaciones de los profesionales por su regla (porcentaje o importe por acto, sobre lo facturado o lo cobrado), emitidas una vez por mes. Importes en céntimos.',
    matches: [/^\/api\/insurer-settlements/, /^\/api\/settlements/],
  },
  {
    name: 'Pago con tarjeta y Bizum',
    description:
      'El pago en línea por Redsys: el enlace de pago sin cuenta, el estado de un pago a la vuelta del banco y la notificación firmada de Redsys, la única prueba de pago.',
    matches: [/^\/api\/public\/(payment-links|online-payments|redsys)/],
  },
  {
    name: 'Paneles',
    description: 'Las cifras del panel de inicio de cada rol.',
    matches: [/^\/api\/dashboard\//],
  },
  {
    name: 'Eventos en directo',
    description:
      'Un flujo Server-Sent Events (`text/event-stream`) que avisa de los cambios que le interesan a quien lo abre.',
    matches: [/^\/api\/events$/],
  },
  {
    name: 'Auditoría',
    description: 'El registro de quién leyó o cambió datos clínicos, y su exportación CSV.',
    matches: [/^\/api\/audit/],
  },
  {
    name: 'Estado y documentación',
    description:
      'El estado del servidor y de su base de datos (para el balanceador) y este documento OpenAPI con su página de referencia.',
    matches: [/^\/api\/health$/, /^\/api\/openapi\.json$/],
  },
];

/** The area (tag) of a route, or undefined when no area claims its URL. */
export function areaOf(url: string): string | undefined {
  return AREAS.find((area) => area.matches.some((pattern) => pattern.test(url)))?.name;
}
