import fs from 'node:fs';
import sharp from 'sharp';
import { readZip } from '../src/server/test/zip';
import { expectNoAxeViolations } from './axe';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  label,
  login,
  signInViaApi,
  signOutViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

test.describe('Mi perfil', () => {
  test('la doctora cambia su nombre y sube una foto, que aparece en la cabecera', async ({ page }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    await page.goto('/doctor/perfil');
    await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
    await expectNoAxeViolations(page, '/doctor/perfil');

    const name = page.getByRole('textbox', { name: label('Nombre y apellidos') });
    await name.fill('Dra. Lucía Fernández Gómez-Prueba');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Perfil guardado')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Dra. Lucía Fernández Gómez-Prueba')).toBeVisible();

    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0b7285' } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Subir foto' }).click();
    await (await chooser).setFiles({ name: 'foto.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByText('Foto actualizada')).toBeVisible();
    await expect(page.getByRole('banner').locator('img[src^="/api/images/"]')).toBeVisible();

    // Other specs look the demo doctor up by name: put it back.
    await name.fill(DEMO.doctor.name);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('banner').getByText(DEMO.doctor.name)).toBeVisible();
  });

  test('la paciente cambia su teléfono y descarga sus datos', async ({ page }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await page.goto('/pacientes/perfil');
    await expect(page.getByRole('link', { name: 'Descargar mis datos' })).toBeVisible();
    await expectNoAxeViolations(page, '/pacientes/perfil');

    // One phone: her record's, under «Datos de contacto de tu ficha» (the profile form has none of its own).
    await expect(page.getByRole('textbox', { name: /Teléfono/ })).toHaveCount(1);
    // The form fills in once the record arrives: wait for it before typing.
    await expect(page.getByRole('textbox', { name: label('Correo de contacto') })).toHaveValue(DEMO.paciente.email);
    await page.getByRole('textbox', { name: label('Teléfono') }).fill('+34 611 222 333');
    await page.getByRole('textbox', { name: label('Dirección') }).fill('Calle de Toledo 12, Madrid');
    await page.getByRole('button', { name: 'Guardar datos de contacto' }).click();
    await expect(page.getByText('Datos de contacto guardados')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: label('Teléfono') })).toHaveValue('+34 611 222 333');
    // …and it is her account's phone too (what pre-fills her bookings).
    expect((await (await page.request.get('/api/profile')).json()).phone).toBe('+34 611 222 333');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar mis datos' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await readZip(fs.readFileSync(await file.path()));
    const data = JSON.parse(entries.get('datos.json')!.toString('utf8'));
    expect([data.ficha.firstName, data.ficha.address]).toEqual(['Javier', 'Calle de Toledo 12, Madrid']);
    // The documents staff made visible to her travel inside the ZIP, each where datos.json says.
    const documents = (data.documentos as { path: string }[]).map((document) => document.path).sort();
    expect(documents.length).toBeGreaterThan(0);
    expect([...entries.keys()].sort()).toEqual(['datos.json', ...documents, 'resumen.pdf'].sort());
    expect(data.tratamientos.length).toBeGreaterThan(0);
    expect(data.recetas.length).toBeGreaterThan(0);
  });

  test('cambiar la contraseña desde el perfil y entrar con la nueva', async ({ page }) => {
    const email = uniqueEmail('clave');
    await page.goto('/');
    await signUpViaApi(page, { email, password: 'Farola-Verde-3917', displayName: 'Clara Clave' });
    await page.goto('/pacientes/perfil');

    await page.getByLabel(label('Contraseña actual')).fill('no-es-esta-1');
    await page.getByLabel(label('Contraseña nueva')).fill('Tejado-Azul-5521');
    await page.getByLabel(label('Repite la contraseña nueva')).fill('Tejado-Azul-5521');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('La contraseña actual no es correcta.')).toBeVisible();

    await page.getByLabel(label('Contraseña actual')).fill('Farola-Verde-3917');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText(/Contraseña cambiada/)).toBeVisible();

    await signOutViaApi(page);
    await login(page, email, 'Tejado-Azul-5521');
    await expect(page).toHaveURL(/\/pacientes/);
  });
});
