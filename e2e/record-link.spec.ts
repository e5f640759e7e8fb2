import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  baseUrl,
  DEMO,
  DEMO_PASSWORD,
  expect,
  label,
  linkIn,
  patientPayload,
  readMailsTo,
  test,
  uniqueEmail,
} from './fixtures';

/**
 * SPEC §5 Patients: a record the desk made (phone booking) reaches the account of someone who registers with
 * its e-mail only after that person opens the single-use link sent to that address.
 */

const NOTICE =
  'Hemos encontrado una ficha con tu correo. Para verla, confirma tu correo con el enlace que te hemos enviado.';

interface Doctor {
  id: string;
  displayName: string;
}

/** The desk (admin, in its own API context) books a phone patient with an e-mail and no account. */
async function deskBooksByPhone(request: APIRequestContext, email: string, lastName: string) {
  const headers = { Origin: baseUrl() };
  const signIn = await request.post('/api/auth/sign-in', {
    headers,
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();
  const patient = await request.post('/api/patients', {
    headers,
    data: patientPayload({ firstName: 'Sofía', lastName, email, allergies: 'Ibuprofeno', phone: '+34 600 987 654' }),
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const doctors = (await (await request.get('/api/doctors')).json()) as Doctor[];
  const doctor = doctors.find((item) => item.displayName === DEMO.doctor.name)!;
  // Ten days ahead at an odd evening minute (staff may book outside hours): free whatever else is booked.
  const startsAt = new Date(Date.now() + 10 * 86_400_000);
  startsAt.setUTCHours(19, 7 + (crypto.randomBytes(1)[0]! % 40), 0, 0);
  const appointment = await request.post('/api/appointments', {
    headers,
    data: {
      patientId: (await patient.json()).id,
      doctorId: doctor.id,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 10 * 60_000).toISOString(),
      reason: 'Revisión por teléfono',
      channel: 'telefono',
      allowOutsideHours: true,
    },
  });
  expect(appointment.status(), await appointment.text()).toBe(201);
  return { doctor };
}

test.describe('Ficha y cuenta', () => {
  test('quien se registra con el correo de una ficha no la ve hasta abrir el enlace del correo', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('ficha');
    const lastName = `Ficha ${crypto.randomBytes(3).toString('hex')}`;
    const { doctor } = await deskBooksByPhone(request, email, lastName);

    await page.goto('/auth/register');
    await page.getByRole('textbox', { name: label('Nombre y apellidos') }).fill(`Sofía ${lastName}`);
    await page.getByRole('textbox', { name: label('Correo electrónico') }).fill(email);
    await page.getByLabel(label('Contraseña')).fill('Farola-Verde-3917');
    await page.getByLabel(label('Repite la contraseña')).fill('Farola-Verde-3917');
    await page.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    // Signed in, on the dashboard: the notice, and nothing of the record.
    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/dashboard');
    await expect(page.getByText(NOTICE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reenviar enlace' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tu próxima cita' })).toHaveCount(0);
    await expect(page.getByText(doctor.displayName)).toHaveCount(0);
    await page.goto('/pacientes/citas');
    await expect(page.getByText(NOTICE)).toBeVisible();
    await expect(page.getByText(doctor.displayName)).toHaveCount(0);
    const api = await page.request.get('/api/me/patient');
    expect(api.status()).toBe(409);
    expect(await api.text()).not.toContain('Ibuprofeno');

    // The link of the e-mail proves the address and links the record.
    // The desk's booking e-mailed its confirmation too: wait for both.
    const mails = await readMailsTo(email, { atLeast: 2 });
    const mail = mails.find((received) => received.subject === 'Confirma tu correo para ver tu ficha');
    expect(mail, mails.map((received) => received.subject).join(', ')).toBeDefined();
    await page.goto(linkIn(mail!, '/auth/confirmar-correo'));
    await expect(page.getByRole('heading', { name: 'Correo confirmado' })).toBeVisible();
    await expect(page.getByText('Tu ficha de la clínica ya está enlazada a tu cuenta')).toBeVisible();
    await page.getByRole('link', { name: 'Ir a mi área de paciente' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/dashboard');
    await expect(page.getByRole('heading', { name: 'Tu próxima cita' })).toBeVisible();
    await expect(page.getByText(doctor.displayName)).toBeVisible();
    await expect(page.getByText(NOTICE)).toHaveCount(0);
    await page.goto('/pacientes/citas');
    await expect(page.getByText(doctor.displayName).first()).toBeVisible();
    const mine = await page.request.get('/api/me/patient');
    expect(await mine.json()).toMatchObject({ lastName, allergies: 'Ibuprofeno', hasAccount: true });

    // Single use: the same link again says so.
    await page.goto(linkIn(mail!, '/auth/confirmar-correo'));
    await expect(page.getByRole('alert')).toContainText(
      'El enlace para confirmar tu correo no es válido o ha caducado',
    );
  });
});
