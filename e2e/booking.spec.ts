import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  label,
  newClinicContext,
  readMailsTo,
  signUpViaApi,
  test,
  uniqueEmail,
  type ReceivedMail,
} from './fixtures';

const SLOT_TAKEN = 'La hora elegida ya no está disponible. Elige otra.';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The times of the day shown in the slot picker (not the fresh ones of the «taken» alert). */
const pickerTimes = (page: Page) => page.getByRole('group', { name: /^Horas libres del / });

interface Picked {
  /** The picker's group of the chosen day, e.g. «Horas libres del lunes, 30 de noviembre». */
  dayGroup: string;
  /** «09:30» */
  time: string;
  /** «Lunes, 30 de noviembre de 2026, 09:30», as the summary and the confirmation write it. */
  when: string;
}

/** Step 1: a specialty, its «Primera visita» and «Cualquier profesional» or one professional; then «Continuar». */
async function chooseProfessional(page: Page, specialty: string, professional = 'Cualquier profesional') {
  await page.goto('/agendar-cita');
  await expect(heading(page, 'Pedir cita')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Especialidad' })
    .getByRole('radio', { name: specialty, exact: true })
    .click();
  // Every demo specialty offers services online: the first visit (30 minutes), as most bookings are.
  await page
    .getByRole('radiogroup', { name: 'Servicio' })
    .getByRole('radio', { name: /^Primera visita/ })
    .click();
  // A professional's card is named by all its text (avatar initials, name, specialty, bio).
  const card = page.getByRole('radio', { name: professional });
  await card.click();
  await expect(card).toBeChecked();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * Step 2: moves `weeksAhead` weeks forward (far enough from today to be cancellable online), then on to
 * the first week with free times, chooses its last day with free times and that day's first time.
 */
async function pickFreeTime(page: Page, weeksAhead = 1): Promise<Picked & { freeThatDay: number }> {
  const weekLabel = page.getByText(/^Semana del /);
  for (let week = 0; week < weeksAhead; week++) {
    const before = await weekLabel.textContent();
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await expect(weekLabel).not.toHaveText(before!);
  }
  const times = pickerTimes(page);
  const nextWeek = page.getByRole('button', { name: 'Ver la semana siguiente' });
  await expect(times.or(nextWeek)).toBeVisible();
  while (await nextWeek.isVisible()) {
    await nextWeek.click();
    await expect(times.or(nextWeek)).toBeVisible();
  }
  // The picker opens on the first day with free times; choose the last one of the week.
  const day = page.getByRole('group', { name: 'Días de la semana' }).getByRole('button', { disabled: false }).last();
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  const free = Number(/(\d+) libres?$/.exec((await day.textContent())!.trim())![1]);
  return { ...(await pickTime(page, times.getByRole('button').first())), freeThatDay: free };
}

/** Clicks a time button of the picker and reads back what the page says was chosen. */
async function pickTime(page: Page, button: Locator): Promise<Picked> {
  const dayGroup = (await pickerTimes(page).getAttribute('aria-label'))!;
  const time = /\d{2}:\d{2}/.exec((await button.textContent())!)![0];
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const summary = page.getByText(/^Has elegido:/);
  await expect(summary).toContainText(time);
  const when = /^Has elegido:\s*(.+?)\s+con\s/.exec((await summary.textContent())!)![1]!;
  return { dayGroup, time, when };
}

/** Step 3 for a visitor: their data, the privacy policy and «Confirmar cita». */
async function fillVisitorDetails(page: Page, visitor: { firstName: string; lastName: string; email: string }) {
  const form = page.getByRole('form', { name: 'Tus datos' });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: label('Nombre') }).fill(visitor.firstName);
  await form.getByRole('textbox', { name: label('Apellidos') }).fill(visitor.lastName);
  await form.getByRole('textbox', { name: label('Correo electrónico') }).fill(visitor.email);
  await form.getByRole('textbox', { name: label('Teléfono') }).fill('+34 655 444 333');
  await form.getByRole('textbox', { name: label('Motivo de la consulta') }).fill('Revisión de un lunar');
  await form.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
}

/** Pediatría: the child's name and birth date, the guardian's relationship and document. */
async function fillChildDetails(page: Page) {
  const form = page.getByRole('form', { name: 'Tus datos' });
  await form.getByRole('textbox', { name: label('Nombre del niño o la niña') }).fill('Leo');
  await form.getByRole('textbox', { name: label('Apellidos del niño o la niña') }).fill('Carrera Misma Hora');
  await form.getByLabel(label('Fecha de nacimiento')).fill('2020-02-10');
  await form.getByRole('combobox', { name: label('Tu relación con el niño o la niña') }).selectOption('padre');
  await form.getByRole('textbox', { name: label('Tu DNI, NIE o pasaporte') }).fill('12345678Z');
}

/** The heading of the confirmation: the demo clinic confirms online bookings at once. */
const confirmation = (page: Page) => page.getByRole('heading', { name: 'Cita reservada', exact: true });

/** The raw text of a received mail (headers and every MIME part as sent). */
const rawOf = (mail: ReceivedMail) => fs.readFileSync(mail.file, 'utf8');

/** The attached calendar: the headers of its MIME part and its text, transfer-decoded and unfolded. */
function calendarOf(raw: string): { headers: string; ics: string } {
  const at = raw.search(/^Content-Type: text\/calendar/im);
  if (at === -1) throw new Error('The e-mail has no text/calendar part');
  const part = raw.slice(at);
  const bodyAt = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, bodyAt);
  const body = part
    .slice(bodyAt)
    .replace(/^\s+/, '')
    .split(/\r?\n--/)[0]!;
  const text = /content-transfer-encoding:\s*base64/i.test(headers)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : body;
  return { headers, ics: text.replace(/\r?\n[ \t]/g, '') };
}

/** The link to manage the booking (/cita/<token>). The longest one: the .ics folds its copy of it. */
function manageLinkIn(mail: ReceivedMail): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const candidates = links
    .map((href) => href.replace(/&amp;/g, '&'))
    .filter((href) => /^\/cita\/[^/]+$/.test(new URL(href).pathname))
    .sort((a, b) => b.length - a.length);
  if (candidates.length === 0) throw new Error(`No link to /cita/… in the e-mail "${mail.subject}":\n${mail.text}`);
  return candidates[0]!;
}

test.describe('Reserva online', () => {
  test('un visitante reserva, recibe el correo con el .ics y cancela la cita desde el enlace', async ({ page }) => {
    const visitor = { firstName: 'Sofía', lastName: 'Reserva Prueba', email: uniqueEmail('visitante') };

    await chooseProfessional(page, 'Medicina familiar');
    const picked = await pickFreeTime(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('region', { name: 'Tu cita' })).toContainText(picked.when);
    // The service chosen, its length and its price (the component test pins the euros' no-break space).
    await expect(page.getByRole('region', { name: 'Tu cita' })).toContainText('Primera visita · 30 min · 50,00\u00a0€');
    await fillVisitorDetails(page, visitor);
    await page.getByRole('button', { name: 'Confirmar cita' }).click();

    await expect(confirmation(page)).toBeVisible();
    const done = page.getByRole('region', { name: /^Cita reservada/ });
    await expect(done).toContainText(picked.when);
    await expect(done).toContainText(`${visitor.firstName} ${visitor.lastName}`);
    await expect(done).toContainText('ServicioPrimera visita · 30 min');
    await expect(done.getByText('Te hemos enviado un correo con los detalles')).toBeVisible();

    const [mail] = await readMailsTo(visitor.email);
    expect(mail!.subject).toMatch(/^Cita confirmada/);
    expect(mail!.text).toContain(picked.time);
    const raw = rawOf(mail!);
    expect(raw).toContain('Content-Type: text/calendar');
    // The .ics goes base64-encoded: decoded, it is the event of this appointment.
    const calendar = calendarOf(raw);
    expect(calendar.headers).toMatch(/filename="?[^"\s]+\.ics"?/);
    expect(calendar.ics).toMatch(/^BEGIN:VCALENDAR\r?\n/);
    expect(calendar.ics).toContain('BEGIN:VEVENT');
    expect(calendar.ics).toContain('STATUS:CONFIRMED');
    expect(calendar.ics).toContain(picked.time);

    await page.goto(manageLinkIn(mail!));
    await expect(heading(page, 'Tu cita')).toBeVisible();
    await expect(page.getByText(`${visitor.firstName} ${visitor.lastName}`)).toBeVisible();
    await expect(page.getByText(picked.when)).toBeVisible();
    await expect(page.getByText('Confirmada', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Cancelar la cita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar la cita' });
    await dialog.getByRole('textbox', { name: 'Motivo de la cancelación (opcional)' }).fill('No puedo ir ese día');
    await dialog.getByRole('button', { name: 'Cancelar la cita' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText('Cancelada', { exact: true })).toBeVisible();
    const cancelled = page.getByRole('alert').filter({ hasText: 'Esta cita está cancelada' });
    await expect(cancelled).toContainText('Motivo: No puedo ir ese día');
    await page.reload();
    await expect(page.getByText('Cancelada', { exact: true })).toBeVisible();
  });

  test('dos personas eligen la misma hora: la segunda ve el aviso y horas nuevas', async ({ browser }) => {
    const doctor = 'Dra. Carmen Iglesias Vidal';
    const first = await newClinicContext(browser);
    const second = await newClinicContext(browser);
    try {
      const pageA = await first.newPage();
      const pageB = await second.newPage();

      await chooseProfessional(pageA, 'Pediatría', doctor);
      const picked = await pickFreeTime(pageA);

      // The second browser, a moment later, is offered the same first free time and takes it too.
      await chooseProfessional(pageB, 'Pediatría', doctor);
      const pickedB = await pickFreeTime(pageB);
      expect(pickedB).toEqual(picked);

      for (const [page, name] of [
        [pageA, 'Primera'],
        [pageB, 'Segunda'],
      ] as const) {
        await page.getByRole('button', { name: 'Continuar' }).click();
        await expect(page.getByRole('region', { name: 'Tu cita' })).toContainText(picked.when);
        await fillVisitorDetails(page, {
          firstName: name,
          lastName: 'Carrera Misma Hora',
          email: uniqueEmail('carrera'),
        });
        // Pediatría is for minors: the child and the guardian too.
        await fillChildDetails(page);
      }

      await pageA.getByRole('button', { name: 'Confirmar cita' }).click();
      await expect(confirmation(pageA)).toBeVisible();
      await expect(pageA.getByRole('region', { name: /^Cita reservada/ })).toContainText(picked.when);

      await pageB.getByRole('button', { name: 'Confirmar cita' }).click();
      const taken = pageB.getByRole('alert').filter({ hasText: SLOT_TAKEN });
      await expect(taken).toBeVisible();
      await expect(taken.getByText(SLOT_TAKEN, { exact: true })).toHaveText(SLOT_TAKEN);
      await expect(confirmation(pageB)).toHaveCount(0);

      // Fresh times of the same professional, without the one just taken.
      await expect(taken).toContainText(`Horas libres más próximas con ${doctor}:`);
      const freshDays = taken.getByRole('group', { name: /^Otras horas libres del / });
      await expect(freshDays.first()).toBeVisible();
      await expect(taken.getByRole('button').first()).toBeVisible();
      const freshSameDay = taken.getByRole('group', {
        name: `Otras ${picked.dayGroup.charAt(0).toLowerCase()}${picked.dayGroup.slice(1)}`,
        exact: true,
      });
      if (picked.freeThatDay > 1) await expect(freshSameDay.getByRole('button').first()).toBeVisible();
      await expect(freshSameDay.getByRole('button', { name: picked.time, exact: true })).toHaveCount(0);
      // The picker below, refreshed, no longer offers it either.
      await expect(
        pageB
          .getByRole('group', { name: picked.dayGroup, exact: true })
          .getByRole('button', { name: picked.time, exact: true }),
      ).toHaveCount(0);

      // One of the fresh times can be booked straight away.
      const fresh = taken.getByRole('button').first();
      await fresh.click();
      await expect(fresh).toHaveAttribute('aria-pressed', 'true');
      await expect(pageB.getByText(/^Has elegido:/)).toBeVisible();
    } finally {
      await first.close();
      await second.close();
    }
  });

  test('un paciente con cuenta reserva con sus datos, ve la cita en «Mis citas» y la cancela', async ({ page }) => {
    const email = uniqueEmail('paciente');
    await page.goto('/');
    await signUpViaApi(page, {
      email,
      password: 'Girasol-Azul-3817',
      displayName: 'Lorena Pacheco Ruiz',
      phone: '+34 644 555 666',
    });

    await chooseProfessional(page, 'Traumatología');
    const picked = await pickFreeTime(page);
    await page.getByRole('button', { name: 'Continuar' }).click();

    const form = page.getByRole('form', { name: 'Tus datos' });
    await expect(form.getByText('Pedirás la cita con los datos de tu cuenta.')).toBeVisible();
    for (const [field, value] of [
      ['Nombre', 'Lorena'],
      ['Apellidos', 'Pacheco Ruiz'],
      ['Correo electrónico', email],
      ['Teléfono', '+34 644 555 666'],
    ] as const) {
      const input = form.getByRole('textbox', { name: label(field) });
      await expect(input).toHaveValue(value);
      await expect(input).toHaveAttribute('readonly', '');
    }
    await expect(form.getByRole('checkbox')).toHaveCount(0);
    await form.getByRole('textbox', { name: label('Motivo de la consulta') }).fill('Dolor de rodilla');
    await form.getByRole('button', { name: 'Confirmar cita' }).click();

    await expect(confirmation(page)).toBeVisible();
    await expect(page.getByRole('region', { name: /^Cita reservada/ })).toContainText(picked.when);
    await page.getByRole('link', { name: 'Ir a Mis citas' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/citas');
    // The patient's home shows it as the next appointment, with the way to manage it.
    await page.goto('/pacientes/dashboard');
    const next = page.getByRole('region', { name: 'Tu próxima cita' });
    await expect(next).toContainText(picked.time);
    await next.getByRole('link', { name: 'Gestionar' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/citas');
    await expect(heading(page, 'Mis citas')).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Próximas/ })).toHaveAttribute('aria-selected', 'true');
    const upcoming = page.getByRole('tabpanel', { name: /^Próximas/ });
    const card = upcoming.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(picked.when.replace(/, \d{2}:\d{2}$/, ''));
    await expect(card).toContainText(picked.time);
    await expect(card).toContainText('Motivo: Dolor de rodilla');
    await expect(card.getByText('Confirmada', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Cancelar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar la cita' });
    await expect(dialog).toContainText(picked.when.charAt(0).toLowerCase() + picked.when.slice(1));
    await dialog.getByRole('textbox', { name: 'Motivo de la cancelación (opcional)' }).fill('Ya estoy mejor');
    await dialog.getByRole('button', { name: 'Cancelar la cita' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Cita cancelada' })).toBeVisible();

    // No longer upcoming: it is kept among the past ones, marked «Cancelada» with its reason.
    await expect(upcoming.getByText('No tienes citas próximas')).toBeVisible();
    await page.getByRole('tab', { name: 'Anteriores' }).click();
    const past = page.getByRole('tabpanel', { name: 'Anteriores' }).getByRole('article');
    await expect(past).toHaveCount(1);
    await expect(past).toContainText(picked.time);
    await expect(past.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(past).toContainText('Motivo de la cancelación: Ya estoy mejor');
  });
});
