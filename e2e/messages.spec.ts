import { randomUUID } from 'node:crypto';
import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, newClinicContext, signInViaApi, test } from './fixtures';

/** Issue 12: a patient writes from the chat button, staff answer from the inbox, both live. */
test('a patient writes from the chat button; the admin sees it arrive live, answers, and the patient sees the answer live', async ({
  browser,
}) => {
  const patientContext = await newClinicContext(browser);
  const adminContext = await newClinicContext(browser);
  const patient = await patientContext.newPage();
  const admin = await adminContext.newPage();
  await signInViaApi(admin, DEMO.admin.email, DEMO_PASSWORD);
  await admin.goto('/admin/mensajes');
  await admin.getByRole('button', { name: /Javier Moreno López/ }).click();
  await expect(admin.getByRole('log', { name: 'Mensajes de la conversación' })).toBeVisible();
  await expectNoAxeViolations(admin, 'la bandeja de mensajes');

  await signInViaApi(patient, DEMO.paciente.email, DEMO_PASSWORD);
  await patient.goto('/pacientes/citas');
  await patient.getByRole('button', { name: 'Escríbenos' }).click();
  const panel = patient.getByRole('dialog', { name: 'Mensajes con la clínica' });
  await expect(panel.getByRole('log')).toBeVisible();
  await expectNoAxeViolations(patient, 'el panel del chat');
  const question = `¿Puedo ir en ayunas? ${randomUUID().slice(0, 8)}`;
  await panel.getByLabel('Tu mensaje a la clínica').fill(question);
  await panel.getByRole('button', { name: 'Enviar' }).click();
  await expect(panel.getByText(question)).toBeVisible();

  // No reload: the open conversation shows it by itself (the inbox list previews it too, so look in the log).
  const adminLog = admin.getByRole('log', { name: 'Mensajes de la conversación' });
  await expect(adminLog.getByText(question)).toBeVisible({ timeout: 10_000 });
  const answer = `Sí, mejor en ayunas. ${randomUUID().slice(0, 8)}`;
  await admin.getByLabel('Respuesta').fill(answer);
  await admin.getByRole('button', { name: 'Enviar' }).click();
  await expect(adminLog.getByText(answer)).toBeVisible();

  await expect(panel.getByText(answer)).toBeVisible({ timeout: 10_000 });
  await patientContext.close();
  await adminContext.close();
});

test('the patient conversation screen passes axe', async ({ page }) => {
  await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
  await page.goto('/pacientes/mensajes');
  await expect(page.getByRole('log', { name: 'Mensajes de la conversación' })).toBeVisible();
  await expectNoAxeViolations(page, 'la conversación del paciente');
});

test('a visitor opens the chat panel, finds the WhatsApp link and closes it with Escape', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Escríbenos' });
  await button.click();
  const panel = page.getByRole('dialog');
  const whatsapp = panel.getByRole('link', { name: /WhatsApp/ });
  await expect(whatsapp).toHaveAttribute(
    'href',
    `https://wa.me/34600000000?text=${encodeURIComponent('Hola, quería hacer una consulta a la clínica.')}`,
  );
  await expect(panel.getByRole('link', { name: 'Inicia sesión para escribirnos' })).toBeVisible();
  await expectNoAxeViolations(page, 'el panel del chat (visitante)');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
});
