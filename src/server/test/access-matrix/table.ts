import { validPatient } from '../fixtures';
import { TASK_ROWS } from './tasks';
import { PLAN_ROWS } from './clinical-plans';
import { NOTES_MATRIX } from './notes';
import { FILE_ROWS } from './files';
import { MESSAGES_MATRIX } from './messages';
import { PROFILE_MATRIX } from './profiles';
import { everyone, mine, only, ownRecords, ownToday, signedIn, theirs, type MatrixEntry } from './helpers';
import { MY_DOCTOR_CARD_MATRIX } from './my-doctor-card';
import { WAITING_LIST_ROWS } from './waiting-list';
import { CONFIRMATION_ROWS } from './confirmations';
import { SHORT_LINK_ROWS } from './short-links';
import { FEED_ROWS } from './feeds';
import { SESSION_ROWS } from './sessions';
import { SECOND_FACTOR_ROWS } from './second-factor';
import { API_DOCS_ROWS } from './api-docs';
import { INVOICE_ROWS } from './invoices';
import { ONLINE_PAYMENT_ROWS } from './online-payments';
import { BOOK_ROWS } from './books';
import { CONSENT_ROWS, CONSENT_SIGNING_ROWS } from './consents';
import { QUESTIONNAIRE_ROWS } from './questionnaires';
import { CHANNEL_ROWS } from './channels';
import { OPINION_ROWS } from './opinions';
import { PATIENT_IMPORT_ROWS } from './patient-import';
import { QUOTE_ROWS } from './quotes';
import { PACK_ROWS } from './packs';
import { INSURER_SETTLEMENT_ROWS } from './insurer-settlements';
import { SETTLEMENT_ROWS } from './settlements';

const week = '?from=2030-01-07T00:00:00.000Z&to=2030-01-15T00:00:00.000Z';
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const imageUpload = Buffer.concat([
  Buffer.from(
    '--matriz\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n',
  ),
  png,
  Buffer.from('\r\n--matriz--\r\n'),
]);
const schedule = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '14:00' }));
/** A service as the admin's form sends it. */
const serviceInput = (specialtyId: string, name: string) => ({
  name,
  specialtyId,
  doctorIds: [],
  durationMinutes: 30,
  priceCents: 6000,
  vat: 'exenta',
  bookableOnline: true,
  active: true,
});
/** An insurer as the admin's form sends it. */
const insurerInput = (name: string) => ({
  name,
  taxId: 'A28037042',
  address: 'Calle de la Matriz 1, Madrid',
  requiresAuthorization: true,
  copayCents: 500,
  active: true,
});
let unique = 0;
const next = () => ++unique;

/**
 * Every `/api` route the server registers (method and URL as registered), called as each actor.
 * A route missing here fails the matrix: add its row when you add the route.
 */
export const MATRIX: Record<string, MatrixEntry> = {
  // A domain with many routes keeps its rows in a file of its own beside this one (built with ./helpers), spread here.
  'GET /api/health': { expect: everyone(200) },

  // Accounts and sessions: public, each answering the caller only about themselves.
  'GET /api/auth/session': { expect: everyone(200) },
  'POST /api/auth/sign-in': {
    expect: everyone(200),
    payload: (w) => ({ email: w.spareEmail, password: 'una-clave-segura-1' }),
  },
  'POST /api/auth/sign-up': {
    expect: everyone(201),
    payload: (_w, actor) => ({
      email: `alta-${actor}-${next()}@matriz.test`,
      password: 'una-clave-segura-1',
      displayName: `Alta ${actor}`,
    }),
  },
  'POST /api/auth/sign-out': { expect: everyone(204), freshSession: true },
  'POST /api/auth/password-reset': { expect: everyone(202), payload: (w) => ({ email: w.spareEmail }) },
  'POST /api/auth/password-reset/confirm': {
    label: 'an unknown token is refused to anyone',
    expect: everyone(400),
    payload: () => ({ token: 'x'.repeat(43), password: 'otra-clave-segura-2' }),
  },
  // The first run's set-up link (issue 37, item 2): the matrix's world has an admin and never printed one, so any
  // token is refused alike to everyone, saying nothing of the accounts (initial-setup.test.ts tests a good link).
  'POST /api/initial-setup/check': {
    label: 'a link never printed is refused to anyone',
    expect: everyone(400),
    payload: () => ({ token: 'x'.repeat(43) }),
  },
  'POST /api/initial-setup': {
    label: 'a link never printed is refused to anyone',
    expect: everyone(400),
    payload: () => ({
      token: 'x'.repeat(43),
      displayName: 'Primera Admin',
      email: 'primera@matriz.test',
      password: 'una-clave-segura-1',
    }),
  },
  'GET /api/profile': { expect: signedIn() },
  'PATCH /api/profile': { expect: signedIn(), payload: () => ({ phone: '+34 600 000 000' }) },

  // Public pages and booking.
  'GET /api/public/clinic': { expect: everyone(200) },
  'GET /api/public/booking-options': { expect: everyone(200) },
  'GET /api/public/availability': {
    expect: everyone(200),
    query: (w) => `?doctorId=${w.doctorC}&from=2030-01-09&to=2030-01-10`,
  },
  'POST /api/public/bookings': {
    expect: everyone(201),
    payload: (w, actor) => ({
      doctorId: w.doctorC,
      startsAt: w.slot(
        'wednesday',
        ['visitor', 'pacienteA', 'pacienteB', 'doctorA', 'doctorB', 'admin'].indexOf(actor),
      ),
      firstName: 'Visita',
      lastName: `De ${actor}`,
      email: `visita-${actor}@matriz.test`,
      phone: '+34 699 000 000',
      reason: 'Revisión',
      acceptPrivacy: true,
    }),
  },
  'GET /api/public/bookings/:token': { expect: everyone(200), params: (w) => ({ token: w.tokens.read }) },
  'POST /api/public/bookings/:token/cancel': {
    expect: everyone(200),
    params: (w, actor) => ({ token: w.tokens.cancel[actor] }),
    payload: () => ({ reason: 'No puedo ir' }),
  },
  // A deposit is paid by whoever holds the link; this booking asks none: 409 for all (decision 0121).
  'POST /api/public/bookings/:token/deposit-payment': {
    expect: everyone(409),
    params: (w) => ({ token: w.tokens.read }),
    payload: () => ({ method: 'tarjeta' }),
  },
  'POST /api/public/bookings/:token/reschedule': {
    expect: everyone(200),
    params: (w, actor) => ({ token: w.tokens.reschedule[actor] }),
    payload: (w, actor) => ({
      startsAt: w.slot(
        'monday-next',
        ['visitor', 'pacienteA', 'pacienteB', 'doctorA', 'doctorB', 'admin'].indexOf(actor),
      ),
    }),
  },
  'GET /api/public/bookings/:token/availability': {
    expect: everyone(200),
    params: (w) => ({ token: w.tokens.read }),
    query: () => '?from=2030-01-09&to=2030-01-10',
  },
  'GET /api/images/:id': { expect: everyone(200), params: (w) => ({ id: w.imageId }) },
  'POST /api/images': {
    expect: only(['admin'], 201),
    payload: () => imageUpload,
    headers: { 'content-type': 'multipart/form-data; boundary=matriz' },
  },

  // The clinic's configuration: admins only.
  'GET /api/settings': { expect: only(['admin']) },
  'PATCH /api/settings': { expect: only(['admin']), payload: () => ({ name: 'Clínica Matriz' }) },
  'GET /api/holidays': { expect: only(['admin']), query: () => '?from=2030-01-01&to=2030-12-31' },
  'POST /api/holidays': {
    expect: only(['admin'], 201),
    payload: () => ({ startDate: '2030-08-01', endDate: '2030-08-15', name: 'Cierre de verano', kind: 'cierre' }),
  },
  'POST /api/holidays/national': { expect: only(['admin']), payload: () => ({ year: 2031 }) },
  'DELETE /api/holidays/:id': { expect: only(['admin'], 204), params: (w) => ({ id: w.holidayToDelete }) },
  'POST /api/holidays/region': { expect: only(['admin']), payload: () => ({ region: 'MD', years: [2032] }) },
  // The set-up wizard (issue 37, item 2): its progress and starter catalogue are the clinic's configuration.
  'GET /api/setup-wizard': { expect: only(['admin']) },
  'PUT /api/setup-wizard/steps/:step': {
    expect: only(['admin']),
    params: () => ({ step: 'horario' }),
    payload: () => ({ state: 'saltado' }),
  },
  'POST /api/setup-wizard/finish': { expect: only(['admin']) },
  'POST /api/setup-wizard/dismiss': { expect: only(['admin']) },
  'POST /api/setup-wizard/catalogue': {
    expect: only(['admin']),
    payload: () => ({
      specialties: [
        {
          name: `Matriz catálogo ${next()}`,
          forMinors: false,
          services: [{ name: 'Consulta', durationMinutes: 30, priceCents: 5000, vat: 'exenta', note: '' }],
        },
      ],
    }),
  },
  'GET /api/specialties': { expect: only(['admin']) },
  'POST /api/specialties': { expect: only(['admin'], 201), payload: () => ({ name: `Matriz nueva ${next()}` }) },
  'PATCH /api/specialties/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.specialtyToRename }),
    payload: () => ({ name: `Matriz renombrada ${next()}` }),
  },
  'DELETE /api/specialties/:id': { expect: only(['admin'], 204), params: (w) => ({ id: w.specialtyToDelete }) },
  'GET /api/services': { expect: only(['admin']), shows: () => ['Matriz editable'] },
  'POST /api/services': {
    expect: only(['admin'], 201),
    payload: (w) => serviceInput(w.services.specialtyId, `Matriz nuevo ${next()}`),
  },
  'PUT /api/services/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.services.toEdit }),
    payload: (w) => serviceInput(w.services.specialtyId, `Matriz editado ${next()}`),
  },
  'DELETE /api/services/:id': { expect: only(['admin'], 204), params: (w) => ({ id: w.services.toDelete }) },
  // «Aseguradoras»: the desk keeps them, a doctor reads them (the booking and the record name one).
  'GET /api/insurers': { expect: only(['admin', 'doctor']), shows: () => ['Matriz Seguros'] },
  'POST /api/insurers': {
    expect: only(['admin'], 201),
    payload: () => insurerInput(`Matriz aseguradora ${next()}`),
  },
  'PUT /api/insurers/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.insurer }),
    payload: () => insurerInput('Matriz Seguros'),
  },
  'PUT /api/insurers/:id/tariffs': {
    expect: only(['admin']),
    params: (w) => ({ id: w.insurer }),
    payload: (w) => ({ tariffs: [{ serviceId: w.services.toEdit, priceCents: 3000 }] }),
  },
  'GET /api/doctors': { expect: only(['admin']) },
  'GET /api/doctors/:id': { expect: only(['admin']), params: (w) => ({ id: w.doctorA }) },
  'POST /api/doctors': {
    expect: only(['admin'], 201),
    payload: (w) => ({
      email: `nuevo-doctor-${next()}@matriz.test`,
      displayName: 'Dr. Nuevo',
      phone: '',
      specialtyId: w.specialtyToRename,
      licenseNumber: '28999999',
      bio: '',
      photoUrl: '',
      color: '#1c7ed6',
      appointmentMinutes: 30,
      active: true,
      schedule,
    }),
  },
  'PATCH /api/doctors/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.doctorA }),
    payload: () => ({ bio: 'Medicina de familia' }),
  },
  'PUT /api/doctors/:id/schedule': {
    expect: only(['admin']),
    params: (w) => ({ id: w.doctorA }),
    payload: () => ({ schedule }),
  },
  'POST /api/doctors/:id/absences': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: w.doctorA }),
    payload: () => ({ startDate: '2030-08-01', endDate: '2030-08-02', reason: 'Vacaciones' }),
  },
  'DELETE /api/doctors/:id/absences/:absenceId': {
    expect: only(['admin']),
    params: (w) => ({ id: w.doctorA, absenceId: w.absenceId }),
  },
  'POST /api/doctors/:id/invitation': { expect: only(['admin'], 202), params: (w) => ({ id: w.doctorA }) },

  // Patient records: admins all, doctors their patients, pacientes their own; another's is 404.
  'GET /api/patients': {
    cases: [
      { label: 'list', expect: only(['admin', 'doctor']), shows: ownRecords },
      { label: 'search', expect: only(['admin', 'doctor']), query: () => '?q=matriz.test', shows: ownRecords },
      {
        label: 'search by the other side’s name',
        expect: only(['admin', 'doctor']),
        query: (w, actor) => `?q=${actor.endsWith('B') ? 'arrieta' : 'bustamante'}`,
      },
    ],
  },
  'POST /api/patients': {
    expect: only(['admin'], 201),
    payload: () =>
      validPatient({ firstName: 'Alta', lastName: 'Desde Matriz', documentType: null, documentNumber: null }),
  },
  'GET /api/patients/:id': {
    cases: [
      {
        label: 'own record',
        expect: signedIn(),
        params: (w, actor) => ({ id: mine(w, actor).recordId }),
        shows: (w, actor) => [mine(w, actor).recordId],
      },
      {
        label: 'another person’s record',
        expect: { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 200 },
        params: (w, actor) => ({ id: theirs(w, actor).recordId }),
      },
    ],
  },
  'PATCH /api/patients/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.A.recordId }),
    payload: () => ({ notes: 'Revisado en la matriz' }),
  },
  'GET /api/me/patient': { expect: only(['paciente']), shows: ownRecords },
  // The proof of a paciente's e-mail, and staff linking a record to an account by hand.
  'GET /api/me/record-link': { expect: only(['paciente']) },
  'POST /api/me/record-link/resend': {
    label: 'a paciente whose record is already linked has nothing to confirm',
    expect: only(['paciente'], 409),
  },
  'POST /api/auth/email-confirmation': {
    label: 'an unknown token is refused to anyone; a visitor is asked to sign in first',
    expect: { visitor: 401, pacienteA: 400, pacienteB: 400, doctorA: 400, doctorB: 400, admin: 400 },
    payload: () => ({ token: 'x'.repeat(43) }),
  },
  'GET /api/patients/:id/account': {
    expect: only(['admin']),
    params: (w) => ({ id: w.A.recordId }),
    shows: (w) => [w.A.accountId],
  },
  'PUT /api/patients/:id/account': {
    expect: only(['admin']),
    params: (w) => ({ id: w.accountLink.recordId }),
    payload: (w) => ({ email: w.accountLink.email }),
  },
  'DELETE /api/patients/:id/account': { expect: only(['admin']), params: (w) => ({ id: w.accountUnlinkRecordId }) },

  // Appointments: the desk all; doctors their own agenda; pacientes their own.
  'GET /api/appointments': { expect: only(['admin']), query: () => '?from=2030-01-07&to=2030-01-07', shows: ownToday },
  'GET /api/appointments/export.csv': {
    expect: only(['admin']),
    query: () => '?from=2030-01-01&to=2030-01-31',
    shows: () => ['Adela Arrieta', 'Berta Bustamante'],
  },
  'GET /api/appointments/range': { expect: only(['admin']), query: () => week, shows: ownToday },
  'GET /api/appointments/today': { expect: only(['admin']), shows: ownToday },
  'GET /api/appointments/month': { expect: only(['admin']), query: () => week, shows: ownToday },
  'GET /api/appointments/:id': {
    cases: [
      { label: 'own', expect: only(['admin', 'doctor']), params: (w, actor) => ({ id: mine(w, actor).appointmentId }) },
      {
        label: 'another doctor’s',
        expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 404, doctorB: 404, admin: 200 },
        params: (w, actor) => ({ id: theirs(w, actor).appointmentId }),
      },
    ],
  },
  'POST /api/appointments': {
    expect: only(['admin'], 201),
    payload: (w) => ({
      patientId: w.neutralRecordId,
      doctorId: w.doctorC,
      startsAt: w.slot('wednesday', 8),
      reason: '',
      channel: 'telefono',
      allowOutsideHours: true,
    }),
  },
  // Undo: only the requester's own change of the last seconds; A's appointment of today has none (409), B's doctor does not see it (404).
  'POST /api/appointments/:id/undo': {
    expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 409, doctorB: 404, admin: 409 },
    params: (w) => ({ id: w.A.todayId }),
  },
  'PATCH /api/appointments/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.staffMove }),
    payload: (w) => ({ startsAt: w.slot('monday-next', 7), allowOutsideHours: true }),
  },
  'GET /api/appointments/:id/availability': {
    cases: [
      {
        label: 'own',
        expect: only(['admin']),
        params: (w, actor) => ({ id: mine(w, actor).appointmentId }),
        query: () => '?from=2030-01-09&to=2030-01-10',
      },
      {
        label: 'another doctor’s',
        expect: only(['admin']),
        params: (w, actor) => ({ id: theirs(w, actor).appointmentId }),
        query: () => '?from=2030-01-09&to=2030-01-10&cualquiera=1',
      },
    ],
  },
  'POST /api/appointments/:id/status': {
    cases: [
      {
        label: 'check in one of their own',
        expect: only(['admin', 'doctor']),
        params: (w, actor) => ({
          id: actor === 'admin' ? w.A.checkInTargets.admin : mine(w, actor).checkInTargets.doctor,
        }),
        payload: () => ({ status: 'en_sala' }),
      },
      {
        label: 'check in another doctor’s',
        expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 404, doctorB: 404, admin: 200 },
        params: (w, actor) => ({
          id: actor === 'admin' ? w.B.checkInTargets.admin : theirs(w, actor).checkInTargets.doctor,
        }),
        payload: () => ({ status: 'en_sala' }),
      },
      {
        label: 'a doctor may not cancel (the front desk does)',
        expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 403, doctorB: 403, admin: 200 },
        params: (w, actor) => ({ id: mine(w, actor).appointmentId }),
        payload: () => ({ status: 'cancelada', reason: 'Cancelada en la matriz' }),
      },
    ],
  },
  'GET /api/doctor/appointments': { expect: only(['doctor']), query: () => week, shows: ownToday },
  'GET /api/me/appointments': { expect: only(['paciente']), shows: ownToday },
  'POST /api/me/appointments': {
    expect: only(['paciente'], 201),
    payload: (w, actor) => ({
      doctorId: w.doctorC,
      startsAt: w.slot('wednesday', actor === 'pacienteB' ? 7 : 6),
      reason: 'Control',
    }),
  },
  'POST /api/me/appointments/:id/cancel': {
    expect: { visitor: 401, pacienteA: 200, pacienteB: 404, doctorA: 403, doctorB: 403, admin: 403 },
    params: (w) => ({ id: w.myCancel }),
    payload: () => ({ reason: 'Ya estoy bien' }),
  },
  // Her own booking only; it asks no deposit: 409 (decision 0121).
  'POST /api/me/appointments/:id/deposit-payment': {
    expect: { visitor: 401, pacienteA: 409, pacienteB: 404, doctorA: 403, doctorB: 403, admin: 403 },
    params: (w) => ({ id: w.myReschedule }),
    payload: () => ({ method: 'bizum' }),
  },
  'GET /api/me/appointments/:id/availability': {
    expect: { visitor: 401, pacienteA: 200, pacienteB: 404, doctorA: 403, doctorB: 403, admin: 403 },
    params: (w) => ({ id: w.myReschedule }),
    query: () => '?from=2030-01-09&to=2030-01-10',
  },
  'POST /api/me/appointments/:id/reschedule': {
    expect: { visitor: 401, pacienteA: 200, pacienteB: 404, doctorA: 403, doctorB: 403, admin: 403 },
    params: (w) => ({ id: w.myReschedule }),
    payload: (w) => ({ startsAt: w.slot('monday-next', 6) }),
  },

  // The audit log: the whole clinic's, admins only.
  'GET /api/audit': { expect: only(['admin']) },
  'GET /api/audit/export': { expect: only(['admin']) },

  // Dashboards (counts included) and live events.
  'GET /api/dashboard/admin': { expect: only(['admin']), shows: ownToday },
  'GET /api/dashboard/doctor': { expect: only(['doctor']), shows: ownToday },
  'GET /api/dashboard/patient': { expect: only(['paciente']), shows: ownToday },
  'GET /api/events': { expect: only(['admin', 'doctor', 'paciente']), stream: true },
  ...TASK_ROWS,
  ...PLAN_ROWS,
  ...NOTES_MATRIX,
  ...FILE_ROWS,
  ...MESSAGES_MATRIX,
  ...PROFILE_MATRIX,
  ...MY_DOCTOR_CARD_MATRIX,
  ...WAITING_LIST_ROWS,
  ...CONFIRMATION_ROWS,
  ...SHORT_LINK_ROWS,
  ...FEED_ROWS,
  ...INVOICE_ROWS,
  ...BOOK_ROWS,
  ...CONSENT_ROWS,
  ...CONSENT_SIGNING_ROWS,
  ...QUESTIONNAIRE_ROWS,
  ...CHANNEL_ROWS,
  ...OPINION_ROWS,
  ...PATIENT_IMPORT_ROWS,
  ...SETTLEMENT_ROWS,
  ...SESSION_ROWS,
  ...SECOND_FACTOR_ROWS,
  ...API_DOCS_ROWS,
  ...QUOTE_ROWS,
  ...ONLINE_PAYMENT_ROWS,
  ...PACK_ROWS,
  ...INSURER_SETTLEMENT_ROWS,
};
