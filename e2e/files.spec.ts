import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, signInViaApi, test } from './fixtures';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const unique = () => crypto.randomBytes(4).toString('hex');
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 140, b: 120 } } })
    .png()
    .toBuffer();
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function openFiles(page: Page, path = '/admin/archivos') {
  await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
  await page.goto(path);
}

/** Drops a file on the drop zone as a browser does: a `drop` event carrying a DataTransfer. */
async function dropFile(page: Page, name: string, mime: string, content: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mime, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mime }));
      return transfer;
    },
    { name, mime, base64: content.toString('base64') },
  );
  const zone = page.getByTestId('file-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test.describe('Archivos', () => {
  test('an admin uploads by drag and drop and by the file button, previews an image and a PDF, and the audit shows the upload', async ({
    page,
  }) => {
    await openFiles(page);
    await expect(heading(page, 'Archivos')).toBeVisible();
    await expectNoAxeViolations(page, 'archivos');

    const imageName = `radiografia-${unique()}.png`;
    await page.getByRole('combobox', { name: 'Tipo de documento' }).click();
    await page.getByRole('option', { name: 'Imágenes' }).click();
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Prueba de arrastre');
    await dropFile(page, imageName, 'image/png', await png());
    const sent = page.getByRole('list', { name: 'Archivos enviados' });
    await expect(sent.getByRole('listitem').filter({ hasText: imageName })).toContainText('Subido');

    const pdfName = `informe-${unique()}.pdf`;
    await page.getByRole('combobox', { name: 'Tipo de documento' }).click();
    await page.getByRole('option', { name: 'Informes' }).click();
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Elegir archivos' }).click();
    await (await choosing).setFiles({ name: pdfName, mimeType: 'application/pdf', buffer: pdf });
    await expect(sent.getByRole('listitem').filter({ hasText: pdfName })).toContainText('Subido');

    // A renamed program is refused with the server's reason, beside its name.
    const fakeName = `falso-${unique()}.pdf`;
    await dropFile(
      page,
      fakeName,
      'application/pdf',
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]),
    );
    await expect(sent.getByRole('listitem').filter({ hasText: fakeName })).toContainText(
      'Solo se admiten documentos PDF, JPEG, PNG, WebP, HEIC o DOCX',
    );

    const table = page.getByRole('table', { name: 'Archivos' });
    await expect(table.getByRole('row').filter({ hasText: imageName })).toContainText('Imágenes');
    await table.getByRole('button', { name: `Vista previa de ${imageName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Vista previa: ${imageName}` });
    const image = dialog.getByRole('img', { name: 'Prueba de arrastre' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(40);
    await expectNoAxeViolations(page, 'vista previa de imagen', '[role=dialog]');
    await dialog.getByRole('button', { name: 'Cerrar vista previa' }).click();

    const served = page.waitForResponse(
      (response) => response.url().includes('/content') && response.request().resourceType() !== 'image',
    );
    await table.getByRole('button', { name: `Vista previa de ${pdfName}` }).click();
    const pdfDialog = page.getByRole('dialog', { name: `Vista previa: ${pdfName}` });
    await expect(pdfDialog.locator(`iframe[title="Documento ${pdfName}"]`)).toBeVisible();
    const response = await served;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toContain('inline;');
    await pdfDialog.getByRole('button', { name: 'Cerrar vista previa' }).click();

    await table.getByRole('button', { name: `Eliminar ${pdfName}` }).click();
    await expect(page.getByRole('dialog', { name: 'Eliminar archivo' })).toBeVisible();
    await expectNoAxeViolations(page, 'eliminar archivo', '[role=dialog]');
    await page.getByRole('dialog', { name: 'Eliminar archivo' }).getByRole('button', { name: 'Eliminar' }).click();
    await expect(table.getByRole('row').filter({ hasText: pdfName })).toHaveCount(0);

    await page.goto('/admin/auditoria');
    await expect(heading(page, 'Registro de accesos')).toBeVisible();
    const log = page.getByRole('table', { name: 'Registro de accesos' });
    await expect(log.getByRole('row').filter({ hasText: 'Alta · Archivo' }).first()).toContainText(DEMO.admin.name);
    await expect(log.getByRole('row').filter({ hasText: 'Eliminación · Archivo' }).first()).toBeVisible();
  });

  test('/admin/archivos/imagenes lists images only, and the type filter moves between addresses', async ({ page }) => {
    await openFiles(page, '/admin/archivos/imagenes');
    await expect(heading(page, 'Archivos: Imágenes')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Tipo', exact: true })).toHaveValue('Imágenes');
    const rows = page
      .getByRole('table', { name: 'Archivos' })
      .getByRole('row')
      .filter({ hasNot: page.getByRole('columnheader') });
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: 'Imágenes' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'archivos de imágenes');

    await page.getByRole('combobox', { name: 'Tipo', exact: true }).click();
    await page.getByRole('option', { name: 'Consentimientos' }).click();
    await expect(page).toHaveURL(/\/admin\/archivos\/consentimientos$/);
    await expect(heading(page, 'Archivos: Consentimientos')).toBeVisible();
    await expect(rows.first()).toContainText('Consentimientos');
    await expect(rows.filter({ hasNotText: 'Consentimientos' })).toHaveCount(0);
  });

  test('an unknown type shows the not-found page', async ({ page }) => {
    await openFiles(page, '/admin/archivos/foo');
    await expect(heading(page, 'Página no encontrada')).toBeVisible();
  });

  test('the patient sees the documents shared with them in «Mis documentos», and only those', async ({ page }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await page.goto('/pacientes/perfil');
    const section = page.getByRole('region', { name: 'Mis documentos' });
    await expect(section.getByRole('row').filter({ hasText: 'Análisis de sangre.pdf' })).toBeVisible();
    await expect(section.getByText('Informe de consulta (interno).pdf')).toHaveCount(0);
    await expect(section.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'mis documentos');
  });

  test("a doctor sees and adds files from their patient's chart", async ({ page }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    const files = (await (await page.request.get('/api/files?type=consentimientos')).json()) as {
      items: { patient: { id: string; name: string } }[];
    };
    const patient = files.items.find((file) => file.patient.name === DEMO.paciente.name)!.patient;
    await page.goto(`/doctor/pacientes/${patient.id}`);
    const section = page.getByRole('region', { name: 'Archivos' });
    await expect(section.getByRole('row').filter({ hasText: 'Consentimiento informado.pdf' })).toBeVisible();
    const name = `herida-${unique()}.png`;
    const choosing = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Elegir archivos' }).click();
    await (await choosing).setFiles({ name, mimeType: 'image/png', buffer: await png() });
    await expect(section.getByRole('list', { name: 'Archivos enviados' })).toContainText('Subido');
    await expect(section.getByRole('row').filter({ hasText: name })).toBeVisible();
    await expect(section.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'archivos de la ficha');
  });
});
