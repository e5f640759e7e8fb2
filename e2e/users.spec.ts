import { expectNoAxeViolations } from './axe';
import {
  baseUrl,
  DEMO,
  DEMO_PASSWORD,
  expect,
  label,
  linkIn,
  newClinicContext,
  readMailsTo,
  signInViaApi,
  test,
  uniqueEmail,
} from './fixtures';

const PASSWORD = 'una-clave-segura-1';

test.describe('Usuarios', () => {
  test('el admin invita a una doctora; ella elige su contraseña desde el correo y entra en su panel', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('doctora');
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/usuarios');
    // Earlier specs add accounts, so the demo's disabled admin may be past the first page: searched for.
    const search = page.getByRole('textbox', { name: 'Buscar' });
    await search.fill('antiguo.admin');
    await expect(
      page.getByRole('row').filter({ hasText: 'antiguo.admin@clinica.demo' }).getByText('Desactivado'),
    ).toBeVisible();
    await search.fill('');
    await expectNoAxeViolations(page, 'la lista de usuarios');

    await page.getByRole('button', { name: 'Invitar usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitar a una persona del equipo' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'el diálogo de invitación', '[role="dialog"]');
    await dialog.getByLabel(label('Nombre')).fill('Dra. Invitada Prueba');
    await dialog.getByLabel(label('Correo electrónico')).fill(email);
    // A doctor is asked her specialty and nº de colegiado; her colour is one no doctor of the demo uses.
    await dialog.getByRole('combobox', { name: label('Especialidad') }).click();
    await page.getByRole('option', { name: 'Pediatría' }).click();
    await dialog.getByLabel(label('Nº de colegiado')).fill('282899999');
    const colour = dialog.getByRole('textbox', { name: 'Color en el calendario' });
    await expect(colour).toHaveValue(/^#[0-9a-f]{6}$/);
    const taken = (
      (await (await page.request.get('/api/doctors?includeInactive=true')).json()) as { color: string }[]
    ).map((doctor) => doctor.color.toLowerCase());
    expect(taken).not.toContain(await colour.inputValue());
    await expectNoAxeViolations(page, 'el diálogo de invitación de una doctora', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Buscar').fill(email);
    await expect(page.getByRole('row').filter({ hasText: email }).getByText('Invitación pendiente')).toBeVisible();

    const [mail] = await readMailsTo(email);
    const context = await newClinicContext(browser);
    const invited = await context.newPage();
    await invited.goto(linkIn(mail!, '/auth/nueva-contrasena'));
    await invited.getByLabel(label('Contraseña nueva')).fill(PASSWORD);
    await invited.getByLabel(label('Repite la contraseña')).fill(PASSWORD);
    await invited.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(invited).toHaveURL((url) => url.pathname === '/doctor/dashboard');
    await context.close();

    await page.reload();
    await page.getByLabel('Buscar').fill(email);
    await expect(page.getByRole('row').filter({ hasText: email }).getByText('Activo', { exact: true })).toBeVisible();
  });

  test('al desactivar una cuenta con la sesión abierta en otro navegador, su siguiente acción la lleva a iniciar sesión', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('saliente');
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    const origin = baseUrl();
    const [specialty] = (await (await page.request.get('/api/specialties')).json()) as { id: string }[];
    const created = await page.request.post('/api/users', {
      data: {
        email,
        displayName: 'Dr. Saliente',
        role: 'doctor',
        specialtyId: specialty!.id,
        licenseNumber: '282877777',
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const context = await newClinicContext(browser);
    const other = await context.newPage();
    const [mail] = await readMailsTo(email);
    await other.goto(linkIn(mail!, '/auth/nueva-contrasena'));
    await other.getByLabel(label('Contraseña nueva')).fill(PASSWORD);
    await other.getByLabel(label('Repite la contraseña')).fill(PASSWORD);
    await other.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(other).toHaveURL((url) => url.pathname === '/doctor/dashboard');

    await page.goto(`/admin/usuarios/editar/${id}`);
    // Invited with her specialty and number, her professional record is complete.
    await expect(page.getByRole('textbox', { name: label('Nombre visible') })).toHaveValue('Dr. Saliente');
    await expect(page.getByText('Completa su ficha de doctor/a')).toHaveCount(0);
    await expectNoAxeViolations(page, 'la edición de un usuario');
    await page.getByRole('switch', { name: 'Cuenta activa' }).uncheck();
    await page.getByRole('button', { name: 'Guardar' }).click();
    // Disabling asks first and says what it does.
    const confirm = page.getByRole('dialog', { name: '¿Desactivar la cuenta de Dr. Saliente?' });
    await expect(confirm).toContainText('no podrá volver a iniciar sesión');
    await expectNoAxeViolations(page, 'la confirmación de desactivar una cuenta', '[role="dialog"]');
    await confirm.getByRole('button', { name: 'Desactivar cuenta' }).click();
    await expect(page.getByText('Cuenta desactivada')).toBeVisible();
    await expect(page.getByText('Desactivado', { exact: true })).toBeVisible();

    await other.getByRole('link', { name: 'Mis citas' }).click();
    // Signed out, the guard of the area sends to its redirect path (SPEC §2: «/» for the role areas).
    await expect(other).toHaveURL((url) => url.pathname === '/');
    await other.goto('/auth/login');
    await other.getByRole('textbox', { name: label('Correo electrónico') }).fill(email);
    await other.getByLabel(label('Contraseña')).fill(PASSWORD);
    await other.getByRole('button', { name: 'Entrar' }).click();
    await expect(other.getByText('Esta cuenta está desactivada. Ponte en contacto con la clínica.')).toBeVisible();
    await context.close();
  });
});
