/**
 * The error catalogue of SPEC §4 (fixed texts) and every other message the API may answer.
 * The server answers `{ error: { code, message } }`; the client shows `message` as is.
 */
import { AUTH_MESSAGES } from './auth-messages';

export { AUTH_MESSAGES };

/** Shown by the confirmation page itself for a malformed link: its own constant, so that page does not pull
 * the whole catalogue into the first load of every page (the bundle shares this module with the entry). */
export const EMAIL_LINK_INVALID_MESSAGE =
  'El enlace para confirmar tu correo no es válido o ha caducado. Entra en tu área y pide uno nuevo.';

export const ERROR_CODES = {
  USER_NOT_FOUND: AUTH_MESSAGES.signInUserNotFound,
  WRONG_PASSWORD: AUTH_MESSAGES.signInWrongPassword,
  SIGN_IN_FAILED: AUTH_MESSAGES.signInFailed,
  PROFILE_LOAD_FAILED: AUTH_MESSAGES.profileLoadFailed,
  EMAIL_IN_USE: AUTH_MESSAGES.signUpEmailInUse,
  SIGN_UP_FAILED: AUTH_MESSAGES.signUpFailed,
  SIGN_OUT_FAILED: AUTH_MESSAGES.signOutFailed,
  RESET_USER_NOT_FOUND: AUTH_MESSAGES.resetUserNotFound,
  RESET_FAILED: AUTH_MESSAGES.resetFailed,
  NOT_AUTHENTICATED: AUTH_MESSAGES.profileNoUser,
  PROFILE_UPDATE_FAILED: AUTH_MESSAGES.profileUpdateFailed,
  ACCOUNT_DISABLED: 'Esta cuenta está desactivada. Ponte en contacto con la clínica.',
  TOO_MANY_ATTEMPTS:
    'Demasiados intentos fallidos. Espera 15 minutos antes de volver a intentarlo o restablece tu contraseña.',
  RATE_LIMITED: 'Has hecho demasiadas solicitudes seguidas. Espera un momento y vuelve a intentarlo.',
  RESET_LINK_INVALID: 'El enlace para restablecer la contraseña no es válido o ha caducado. Solicita uno nuevo.',
  SETUP_LINK_INVALID:
    'El enlace de configuración inicial no es válido, ya se usó o ha caducado. Reinicia el servidor de Clínica para obtener uno nuevo (se muestra al arrancar) o crea la cuenta con «npm run create-admin».',
  SETUP_DONE: 'La clínica ya tiene una cuenta de administración. Inicia sesión con ella.',
  SESSION_IDLE:
    'Tu sesión se ha cerrado tras un rato sin actividad, para proteger los datos de los pacientes. Vuelve a iniciar sesión para continuar.',
  FORBIDDEN: 'No tienes permiso para realizar esta acción.',
  BAD_ORIGIN: 'Solicitud rechazada: el origen no está permitido.',
  NOT_FOUND: 'No se ha encontrado lo que buscas.',
  VALIDATION: 'Revisa los datos enviados.',
  MALFORMED_JSON: 'El cuerpo de la solicitud no es un JSON válido.',
  BODY_TOO_LARGE: 'La solicitud es demasiado grande.',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de contenido no admitido. Envía los datos como JSON.',
  DUPLICATE_DOCUMENT: 'Ya existe un paciente con ese documento.',
  CONFLICT: 'Los datos han cambiado mientras editabas. Recarga la página y vuelve a intentarlo.',
  IN_USE: 'No se puede borrar porque está en uso.',
  UNSUPPORTED_FILE: 'Tipo de archivo no admitido.',
  SLOT_TAKEN: 'La hora elegida ya no está disponible. Elige otra.',
  OUTSIDE_HOURS: 'La hora elegida está fuera del horario del profesional.',
  HOLIDAY: 'La clínica está cerrada ese día (festivo). Elige otro día.',
  CHANGE_WINDOW_CLOSED: 'Ya no se puede cambiar ni cancelar esta cita por internet. Llama a la clínica.',
  INVALID_TRANSITION: 'La cita no admite ese cambio de estado.',
  NOTHING_TO_UNDO: 'No hay ningún cambio que deshacer.',
  UNDO_EXPIRED: 'Ya no se puede deshacer el cambio.',
  RECORD_NOT_CONFIRMED:
    'Hemos encontrado una ficha con tu correo. Para verla, confirma tu correo con el enlace que te hemos enviado.',
  EMAIL_LINK_INVALID: EMAIL_LINK_INVALID_MESSAGE,
  EMAIL_LINK_SIGN_IN:
    'Para confirmar tu correo, inicia sesión en este navegador con la cuenta que pidió el enlace y vuelve a abrirlo. Si no has creado ninguna cuenta en la clínica, ignora el correo: tu ficha sigue protegida.',
  EMAIL_LINK_OTHER_ACCOUNT:
    'Este enlace es de otra cuenta. Cierra la sesión, entra con la cuenta que pidió el enlace y vuelve a abrirlo.',
  CONSENT_REQUIRED: 'Falta el consentimiento firmado.',
  ALLERGY_CONFLICT:
    'Un medicamento de la receta choca con una alergia registrada del paciente. Revísalo o indica el motivo para recetarlo.',
  ISSUER_MISSING:
    'Antes de facturar, indica los datos fiscales de la clínica (razón social, NIF y dirección) en Facturación → Datos fiscales.',
  ALREADY_INVOICED: 'Esa cita ya está facturada.',
  PACK_CLOSED: 'Este bono está cerrado: no admite más cambios.',
  PACK_SESSION: 'Esa cita ya está cubierta por una sesión de un bono: no se factura.',
  ALREADY_CANCELLED: 'Esta factura ya está anulada.',
  NOT_PAYABLE: 'Esta factura no admite cobros: está anulada.',
  NOT_CANCELLABLE:
    'Esta factura ya tiene cobros o rectificativas: no se anula. Corrígela con una factura rectificativa.',
  NOT_RECTIFIABLE: 'Esta factura no se puede rectificar.',
  NOT_CORRECTABLE:
    'Este registro no espera corrección: solo se corrige un registro de alta que la AEAT rechazó o aceptó con errores.',
  ALREADY_CORRECTED: 'Este registro ya se corrigió con otro registro posterior.',
  UNCHANGED_CORRECTION:
    'No has cambiado ningún dato: la AEAT rechazaría el mismo registro otra vez. Corrige lo que indica su error.',
  NOT_SUBSTITUTABLE: 'Esta factura no se puede sustituir por una completa.',
  PRODUCTION_NOT_READY:
    'Aún no se puede pasar a producción: revisa el certificado y los datos fiscales en Facturación → VERI*FACTU.',
  DAY_CLOSED: 'La caja de ese día ya está cerrada.',
  ALREADY_REOPENED: 'Este cierre de caja ya está reabierto.',
  NO_SETTLEMENT_RULE: 'Este profesional no tiene regla de liquidación.',
  MONTH_NOT_OVER: 'El mes aún no ha terminado: se liquida cuando acabe.',
  DOCTOR_MONTH_SETTLED: 'Este mes ya está liquidado para este profesional.',
  LAST_ADMIN: 'No puedes quitar el último administrador activo',
  SECOND_FACTOR_SETUP_REQUIRED:
    'La clínica exige ahora un segundo factor al personal. Configúralo para seguir: es un momento y solo se hace una vez.',
  SECOND_FACTOR_EXPIRED: 'Ha pasado demasiado tiempo desde que escribiste la contraseña. Vuelve a iniciar sesión.',
  WRONG_CODE: 'El código no es correcto. Escribe el que muestra ahora tu app: cambia cada 30 segundos.',
  CODE_ALREADY_USED: 'Ese código ya se ha usado. Espera a que tu app muestre uno nuevo y escríbelo.',
  WRONG_RECOVERY_CODE: 'Ese código de recuperación no es correcto o ya se ha usado. Prueba con otro de tu lista.',
  PASSKEY_FAILED: 'No se pudo comprobar la llave de acceso. Inténtalo de nuevo o usa otro método.',
  TOO_MANY_CODE_ATTEMPTS: 'Demasiados códigos incorrectos. Espera 15 minutos antes de volver a intentarlo.',
  SETUP_EXPIRED: 'La configuración ha caducado. Empieza de nuevo para ver un código QR nuevo.',
  NO_SECOND_FACTOR: 'Configura antes una app de códigos o una llave de acceso.',
  SECOND_FACTOR_STILL_REQUIRED:
    'La clínica exige un segundo factor al personal: añade otro método antes de quitar este.',
  STEP_UP_REQUIRED: 'Por seguridad, confirma que eres tú antes de cambiar cómo inicias sesión.',
  PASSKEY_ALREADY_ADDED: 'Esa llave de acceso ya está añadida a una cuenta.',
  INTERNAL: 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.',
  SERVICE_UNAVAILABLE: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  DATABASE_UNAVAILABLE: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  /** Presupuestos (issue 36, item 2). */
  QUOTE_EXPIRED: 'Este presupuesto ha caducado: pide a la clínica uno nuevo.',
  QUOTE_NO_CHANNEL:
    'La paciente no tiene correo electrónico ni móvil: añádelos en su ficha para enviarle el presupuesto.',
  COVERED_BY_INSURER: 'La aseguradora cubre esta visita: no se factura al paciente.',
  ALREADY_SETTLED: 'Esa visita ya está liquidada con la aseguradora.',
  ALREADY_RECONCILED: 'Esa visita ya está conciliada.',
  /** Replies by SMS and WhatsApp (issue 38, item 2; docs/decisions/0128). */
  WHATSAPP_WINDOW_CLOSED:
    'Han pasado más de 24 horas desde su último WhatsApp: WhatsApp solo deja escribirle con una plantilla aprobada. Respóndele por SMS o en la web, o llámala.',
  NO_PHONE_CHANNEL:
    'No se puede enviar por ese canal: no hay proveedor configurado o no tiene un móvil al que escribir (ni su consentimiento).',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The body of every error answer of the API. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Per-field messages for validation errors, keyed by the field path (`a.b`). */
    fields?: Record<string, string>;
    /** Extra facts for the client, e.g. the id of the record a duplicate points to. */
    meta?: Record<string, string>;
  };
}

export const PASSWORD_MESSAGES = {
  tooShort: 'La contraseña debe tener al menos 8 caracteres',
  tooLong: 'La contraseña no puede superar los 128 caracteres',
  tooCommon: 'Esa contraseña es demasiado común. Elige otra más difícil de adivinar',
  mismatch: 'Las contraseñas no coinciden',
} as const;
