import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../common/messages';
import { fileUploadFieldsSchema } from '../../common/schemas/files';

/**
 * What the route schemas cannot say, told to the reference here: answers that are not JSON (files, CSV,
 * PDF, calendars, the event stream, empty answers), the multipart uploads, and the error answers every
 * route shares. Keys are `METHOD url` as Fastify registers the route.
 */

/** A response the route declares without a schema, or answers by hand. */
export interface RawAnswer {
  description: string;
  /** The media type of the body; none for an empty answer (204). */
  type?: string;
}

const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' } as const;

export const RAW_ANSWERS: Record<string, Record<number, RawAnswer>> = {
  'POST /api/auth/sign-out': { 204: { description: 'Sesión cerrada; la respuesta borra la cookie de sesión.' } },
  'GET /api/me/data-export': {
    200: {
      description:
        'Un ZIP con `datos.json` (todo lo que la clínica guarda de quien llama), `resumen.pdf` y sus documentos.',
      type: 'application/zip',
    },
  },
  'GET /api/clinic-export': {
    200: {
      description:
        'Un ZIP con toda la clínica: `LEEME.md` (cada columna), un CSV por tabla (pacientes, profesionales, servicios, citas, notas clínicas, recetas, tratamientos, facturas, líneas, cobros, documentos) y los documentos de cada paciente.',
      type: 'application/zip',
    },
  },
  'DELETE /api/holidays/:id': { 204: { description: 'Festivo o cierre quitado.' } },
  'DELETE /api/specialties/:id': { 204: { description: 'Especialidad borrada.' } },
  'DELETE /api/services/:id': { 204: { description: 'Servicio borrado.' } },
  'GET /api/invoices/export.csv': {
    200: {
      description:
        'Las facturas del filtro con las bases y cuotas por tipo de IVA: `formato=hoja` (separado por punto y coma, coma decimal, UTF-8 con BOM) o `formato=csv` (RFC 4180).',
      type: 'text/csv',
    },
  },
  'GET /api/invoices/:id/pdf': {
    200: { description: 'La factura en PDF (A4), con el código QR tributario de VERI*FACTU.', type: 'application/pdf' },
  },
  'GET /api/verifactu/records.xml': {
    200: {
      description:
        'Los registros de facturación del emisor (el actual, o el NIF anterior que nombre `nif`) en orden de cadena, como un documento `RegFactuSistemaFacturacion` (SuministroLR.xsd) de hasta 1 000 registros por página.',
      type: 'application/xml',
    },
  },
  'GET /api/books/libro-expedidas': {
    200: {
      description:
        'El libro registro de facturas expedidas del periodo en el formato de la AEAT (hoja EXPEDIDAS, 36 columnas): `formato=xlsx` (Excel) o `formato=csv` (punto y coma, coma decimal, UTF-8 con BOM).',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  },
  'GET /api/images/:id': {
    200: { description: 'La imagen (PNG, JPEG o WebP), con caché de un año: nunca cambia.', type: 'image/*' },
  },
  'GET /api/billing/debts/csv': {
    200: {
      description:
        'Lo que debe cada paciente por antigüedad (0–30, 31–60, 61–90 y más de 90 días) con su total, separado por punto y coma, coma decimal, UTF-8 con BOM.',
      type: 'text/csv',
    },
  },
  'GET /api/billing/sales/csv': {
    200: {
      description:
        'Una tabla de las ventas del periodo (`tabla=servicio`, `aseguradora` o `profesional`): líneas, visitas, base, IVA, total, cobrado y pendiente por fila y la fila de total, separado por punto y coma, coma decimal, UTF-8 con BOM.',
      type: 'text/csv',
    },
  },
  'PUT /api/settlements/rules/:doctorId': { 204: { description: 'Regla de liquidación guardada.' } },
  'GET /api/settlements/csv': {
    200: {
      description:
        'Las liquidaciones del mes, una fila por línea y una de total por profesional, separado por punto y coma, coma decimal, UTF-8 con BOM.',
      type: 'text/csv',
    },
  },
  'GET /api/settlements/:id/csv': {
    200: { description: 'Una liquidación, una fila por línea y la de total, en CSV.', type: 'text/csv' },
  },
  'GET /api/quotes/:id/pdf': { 200: { description: 'El presupuesto en PDF (A4).', type: 'application/pdf' } },
  'GET /api/presupuestos/:token/pdf': {
    200: { description: 'El presupuesto en PDF (A4), desde su enlace.', type: 'application/pdf' },
  },
  'GET /api/appointments/export.csv': {
    200: { description: 'Las citas del filtro en CSV (UTF-8, separado por comas).', type: 'text/csv' },
  },
  'GET /api/calendar-feeds/:file': {
    200: { description: 'La agenda en formato iCalendar (RFC 5545).', type: 'text/calendar' },
  },
  'GET /api/audit/export': {
    200: { description: 'Las entradas del filtro en CSV (UTF-8, separado por comas).', type: 'text/csv' },
  },
  'GET /api/events': {
    200: {
      description:
        'Un flujo Server-Sent Events que no termina: cada evento nombra lo que ha cambiado (`appointments`, `messages`, …) para que el cliente vuelva a pedirlo.',
      type: 'text/event-stream',
    },
  },
  'DELETE /api/users/:id/calendar-feed': { 204: { description: 'Enlace de calendario revocado.' } },
  'GET /api/prescriptions/:id/pdf': { 200: { description: 'La receta en PDF.', type: 'application/pdf' } },
  'GET /api/consentimientos/:token/pdf': {
    200: {
      description: 'El consentimiento firmado, rechazado o revocado en PDF, con su huella SHA-256.',
      type: 'application/pdf',
    },
  },
  'GET /api/consent-requests/:id/pdf': {
    200: {
      description: 'El último acto del consentimiento (firma, rechazo o revocación) en PDF.',
      type: 'application/pdf',
    },
  },
  'GET /api/files/:id/content': {
    200: {
      description: 'El documento, con su tipo (PDF, imagen…); `disposition=attachment` lo descarga.',
      type: 'application/octet-stream',
    },
  },
  'DELETE /api/files/:id': { 204: { description: 'Documento borrado.' } },
  'PUT /api/conversations/:id/assignee': { 204: { description: 'Conversación asignada.' } },
  'POST /api/public/messages/twilio/incoming': {
    200: {
      description: 'TwiML vacío (`<Response></Response>`): Twilio no responde nada; el acuse, si lo hay, sale aparte.',
      type: 'text/xml',
    },
  },
  'GET /api/patient-imports/:id/errors.csv': {
    200: {
      description:
        'Las filas que no se importaron, tal como venían en el archivo, con dos columnas más al final (su fila y el motivo): separado por punto y coma, UTF-8 con BOM, para corregirlas e importarlas de nuevo.',
      type: 'text/csv',
    },
  },
};

/** A multipart upload: the file part and, for some, text fields. */
export interface Upload {
  description: string;
  properties: Record<string, unknown>;
  required: string[];
}

const fileField = (description: string) => ({ ...BINARY, description });
const imageField = fileField('La imagen: PNG, JPEG o WebP, hasta 2 MB.');

export const UPLOADS: Record<string, Upload> = {
  'POST /api/images': {
    description: 'La imagen, como `multipart/form-data`.',
    properties: { file: imageField },
    required: ['file'],
  },
  'POST /api/profile/photo': {
    description: 'La foto, como `multipart/form-data`; se guarda cuadrada, de 256 px, en WebP.',
    properties: { file: imageField },
    required: ['file'],
  },
  'POST /api/files': {
    description:
      'El documento y sus datos, como `multipart/form-data` (los campos de texto, antes o después del archivo).',
    properties: {
      file: fileField('El documento: PDF o imagen; el tamaño máximo lo fija la configuración de la clínica.'),
      ...(z.toJSONSchema(fileUploadFieldsSchema, { io: 'input', target: 'draft-2020-12' }).properties ?? {}),
    },
    required: ['file', 'type'],
  },
  'POST /api/patient-imports': {
    description: 'El archivo de pacientes del programa anterior, como `multipart/form-data`.',
    properties: {
      file: fileField(
        'CSV (cualquier separador; UTF-8, UTF-16 o Windows-1252), .xlsx u .ods, con una fila de títulos; hasta 40 MB y 100 000 filas.',
      ),
    },
    required: ['file'],
  },
};

/** The body of every error answer (`platform/http/errors.ts`). */
export const ERROR_SCHEMA = {
  type: 'object',
  description: 'Toda respuesta de error. `message` está en español y se puede mostrar tal cual.',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_CODES) as ErrorCode[] },
        message: { type: 'string', description: 'El texto para la persona usuaria, en español.' },
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'En un 400 `VALIDATION`: el mensaje de cada campo, por su ruta (`a.b`).',
        },
        meta: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Datos para el cliente, p. ej. el id de la ficha con la que choca un duplicado.',
        },
      },
    },
  },
} as const;

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The error answers a route may give, from what it declares: input, access, path parameters, uploads. */
export function errorAnswers(route: {
  method: string;
  url: string;
  hasInput: boolean;
  isPublic: boolean;
  upload: boolean;
}): Record<number, ReturnType<typeof error>> {
  const changes = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const answers: Record<number, ReturnType<typeof error>> = {};
  if (route.hasInput || changes || route.upload) {
    answers[400] = error(
      'Datos no válidos (`VALIDATION`, con el mensaje de cada campo en `fields`) o JSON mal formado.',
    );
  }
  if (!route.isPublic) {
    answers[401] = error(
      'Sin sesión (`NOT_AUTHENTICATED`), o esta solicitud la ha cerrado: por inactividad (`SESSION_IDLE`) o porque la clínica exige ahora un segundo factor que la cuenta no tiene (`SECOND_FACTOR_SETUP_REQUIRED`; la cabecera `x-session-ended` dice cuál).',
    );
  }
  const forbidden = [
    ...(route.isPublic ? [] : ['el rol de quien llama no tiene el permiso (`FORBIDDEN`)']),
    ...(changes ? ['la cabecera `Origin` no es la de la clínica (`BAD_ORIGIN`)'] : []),
  ];
  if (forbidden.length > 0) answers[403] = error(`Rechazada: ${forbidden.join('; o ')}.`);
  if (route.url.includes(':')) {
    answers[404] = error('No existe, o no es de quien llama (`NOT_FOUND`): las dos respuestas son la misma.');
  }
  if (route.upload) {
    answers[413] = error('El archivo supera el tamaño máximo (`BODY_TOO_LARGE`).');
    answers[415] = error('El archivo no es de un tipo admitido (`UNSUPPORTED_FILE`).');
  }
  answers[429] = error(
    'Demasiadas solicitudes seguidas (`RATE_LIMITED`); la cabecera `Retry-After` dice cuándo volver.',
  );
  answers[503] = error('La base de datos no responde (`DATABASE_UNAVAILABLE`); `Retry-After` dice cuándo volver.');
  return answers;
}

/** Spanish descriptions of the statuses a route declares without one. */
export const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Correcto.',
  201: 'Creado.',
  202: 'Aceptado: el correo sale después, desde la cola de envíos.',
  204: 'Hecho; la respuesta no tiene cuerpo.',
};
