import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  baseUrl,
  clinicNow,
  DEMO,
  DEMO_PASSWORD,
  expect,
  linkIn,
  newClinicContext,
  patientPayload,
  readMailsTo,
  reviewShot,
  signInViaApi,
  test,
  uniqueEmail,
} from './fixtures';

const todayInMadrid = () => new Date(clinicNow().getTime() + 3_600_000).toISOString().slice(0, 10);

/** A new patient (a first visit) booked by the desk with the demo doctor tonight, at 22:xx (no other spec books there). */
async function bookFirstVisit(request: APIRequestContext, email: string) {
  const headers = { Origin: baseUrl() };
  const signIn = await request.post('/api/auth/sign-in', {
    headers,
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBeTruthy();
  const doctors = (await (await request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const doctor = doctors.find((item) => item.displayName === DEMO.doctor.name)!;
  const created = await request.post('/api/patients', {
    headers,
    data: patientPayload({ firstName: 'Rocío', lastName: `Cuestionario ${Date.now().toString(36)}`, email }),
  });
  expect(created.status(), await created.text()).toBe(201);
  for (let minute = 0; minute < 60; minute += 10) {
    const startsAt = new Date(`${todayInMadrid()}T22:${String(minute).padStart(2, '0')}:00+01:00`);
    const booked = await request.post('/api/appointments', {
      headers,
      data: {
        patientId: ((await created.json()) as { id: string }).id,
        doctorId: doctor.id,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 10 * 60_000).toISOString(),
        reason: 'Primera consulta',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    if (booked.status() === 201) return ((await booked.json()) as { id: string }).id;
    expect(booked.status(), await booked.text()).toBe(409);
  }
  throw new Error('No free time tonight for the demo doctor');
}

test.describe('Cuestionarios', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a patient fills the questionnaire on her phone, leaves and resumes, sends it; the doctor copies an allergy', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('cuestionario');
    const context = await newClinicContext(browser);
    const appointmentId = await bookFirstVisit(context.request, email);
    const [mail] = await readMailsTo(email);
    const link = linkIn(
      mail!,
      new URL(/https?:\/\/[^\s"'<>]*\/cuestionario\/[^\s"'<>]+/.exec(mail!.text)![0]).pathname,
    );

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Cuestionario de primera visita' })).toBeVisible();
    await page.getByRole('textbox', { name: /¿Por qué pides la cita\?/ }).fill('Dolor de rodilla al subir escaleras');
    await page.getByRole('textbox', { name: /¿Por qué pides la cita\?/ }).blur();
    await expect(page.getByRole('status').filter({ hasText: /Guardado a las/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'el cuestionario en el móvil');

    // She leaves and comes back: what she wrote is there.
    await page.goto('/');
    await page.goto(link);
    await expect(page.getByRole('textbox', { name: /¿Por qué pides la cita\?/ })).toHaveValue(
      'Dolor de rodilla al subir escaleras',
    );
    await page.getByRole('button', { name: 'Añadir alergia' }).click();
    await page.getByRole('textbox', { name: 'Alergia a (1)' }).fill('Látex');
    await page.getByRole('textbox', { name: 'Qué te ocurre' }).fill('Picor en las manos');
    await page.getByRole('checkbox', { name: 'No tomo ninguna medicación' }).check();
    await page
      .getByRole('radiogroup', { name: /¿Fumas\?/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await page.getByRole('button', { name: 'Enviar el cuestionario' }).click();
    await expect(page.getByText('Cuestionario enviado')).toBeVisible();

    // The doctor sees it on the consultation screen and copies the allergy, on purpose.
    const doctor = await (await newClinicContext(browser)).newPage();
    await signInViaApi(doctor, DEMO.doctor.email, DEMO_PASSWORD);
    await doctor.goto(`/doctor/citas/${appointmentId}`);
    const panel = doctor.getByRole('region', { name: 'Cuestionarios' });
    await expect(panel.getByText('Dolor de rodilla al subir escaleras')).toBeVisible();
    await panel.getByRole('button', { name: 'Copiar a la historia (alergia: Látex)' }).click();
    await expect(panel.getByText('En la historia')).toBeVisible();
    await context.close();
  });
});

test.describe('Cuestionarios: el editor', () => {
  test('the admin orders the questions by dragging, by keyboard and with «Subir»; what is sent is what is shown', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    // The publication is caught before the server: the demo clinic's questionnaires stay as they are.
    let sent: { sections: { questions: { label: string }[] }[] } | undefined;
    await page.route('**/api/questionnaires', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sent = route.request().postDataJSON() as typeof sent;
      return route.fulfill({ status: 400, json: { error: { code: 'VALIDATION', message: 'Prueba: no se guarda' } } });
    });
    await page.goto('/admin/cuestionarios');
    await page.getByRole('button', { name: 'Nuevo cuestionario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo cuestionario' });
    await dialog.getByRole('textbox', { name: 'Título' }).fill('Orden de prueba');
    await dialog.getByRole('checkbox', { name: /^Primera visita/ }).check();
    await dialog.getByRole('textbox', { name: 'Sección 1' }).fill('Sobre ti');
    for (const [index, label] of ['¿Primera?', '¿Segunda?', '¿Tercera?'].entries()) {
      if (index > 0) await dialog.getByRole('button', { name: 'Añadir pregunta' }).click();
      await dialog.getByRole('textbox', { name: `Pregunta ${index + 1}`, exact: true }).fill(label);
    }
    const shown = () =>
      dialog
        .getByRole('textbox', { name: /^Pregunta \d$/ })
        .evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
    await reviewShot(page, 'h13-builder-1280.png', { fullPage: true });
    await expectNoAxeViolations(page, 'el editor de cuestionarios');

    // Pointer: the handle of «¿Tercera?» onto «¿Primera?».
    const handle = dialog.getByRole('button', { name: 'Arrastrar la pregunta «¿Tercera?»' });
    const from = (await handle.boundingBox())!;
    const target = (await dialog.getByRole('textbox', { name: 'Pregunta 1', exact: true }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 3 });
    await page.mouse.move(from.x + from.width / 2, target.y, { steps: 12 });
    await page.mouse.up();
    await expect.poll(shown).toEqual(['¿Tercera?', '¿Primera?', '¿Segunda?']);

    // Keyboard: Space lifts «¿Tercera?», an arrow down, Space drops it second.
    const keyHandle = dialog.getByRole('button', { name: 'Arrastrar la pregunta «¿Tercera?»' });
    await keyHandle.focus();
    await page.keyboard.press('Space');
    await expect(
      page.getByRole('status').filter({ hasText: /^Has levantado la pregunta «¿Tercera\?»/ }),
    ).toBeAttached();
    const overSecond = page
      .getByRole('status')
      .filter({ hasText: 'La pregunta «¿Tercera?» irá a la posición 2 de 3.' });
    await expect(async () => {
      if (await overSecond.count()) return;
      await page.keyboard.press('ArrowDown');
      await expect(overSecond).toBeAttached({ timeout: 1_500 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Space');
    await expect(page.getByText('Has soltado la pregunta «¿Tercera?» en la posición 2 de 3.')).toBeAttached();
    await expect.poll(shown).toEqual(['¿Primera?', '¿Tercera?', '¿Segunda?']);

    // «Subir» by keyboard: the focus stays on the button.
    await dialog.getByRole('button', { name: 'Subir la pregunta «¿Segunda?»' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(shown).toEqual(['¿Primera?', '¿Segunda?', '¿Tercera?']);
    await expect(dialog.getByRole('button', { name: 'Subir la pregunta «¿Segunda?»' })).toBeFocused();
    await expect(page.getByText('La pregunta «¿Segunda?» está ahora en la posición 2 de 3.')).toBeAttached();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => dialog.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    await reviewShot(page, 'h13-builder-390.png', { fullPage: true });

    await dialog.getByRole('button', { name: 'Publicar versión 1' }).click();
    await expect(page.getByText('Prueba: no se guarda')).toBeVisible();
    expect(sent!.sections[0]!.questions.map((question) => question.label)).toEqual([
      '¿Primera?',
      '¿Segunda?',
      '¿Tercera?',
    ]);
  });
});
