import { dniLetter } from '../src/common/identity-document';
import { paths } from '../src/common/paths';
import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, reviewShot, signInViaApi, test } from './fixtures';

/** A DNI nobody else in this clinic has: eight digits from the time, and its letter. */
const freshDni = (offset: number) => {
  const digits = String((Date.now() + offset) % 100_000_000).padStart(8, '0');
  return `${digits}${dniLetter(Number(digits))}`;
};

// «Configuración › Importar pacientes» (issue 37, item 3): the file, its columns, the dry run, the import, the undo.
test.describe('Importar pacientes', () => {
  test('la administración sube el CSV del programa anterior, lo comprueba, lo importa y lo deshace', async ({
    page,
  }) => {
    const surname = `Importada${Date.now() % 100_000}`;
    // Excel's «CSV» on Windows: Windows-1252 and «;».
    const csv = Buffer.from(
      [
        'Nombre;Apellidos;DNI;F. Nacimiento;Móvil',
        `Íñigo;${surname} Peña;${freshDni(1)};05/03/1980;611 22 33 44`,
        `Nuria;${surname} Gil;${freshDni(2)};12/04/1985;622 33 44 55`,
        `Pedro;${surname} Sanz;12345678A;01/01/1970;`,
      ].join('\r\n'),
      'latin1',
    );
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto(paths.admin.settings);
    await page.getByRole('link', { name: 'Importar pacientes' }).click();
    await expect(page.getByRole('heading', { name: 'Importar pacientes', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'importar pacientes', 'main');

    await page.locator('input[type=file]').setInputFiles({ name: 'pacientes.csv', mimeType: 'text/csv', buffer: csv });
    await page.getByRole('button', { name: 'Leer el archivo' }).click();
    await expect(page.getByText(/«pacientes\.csv»: 3 filas · CSV separado por «;» · Windows-1252/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Campo de la columna «Móvil»' })).toHaveValue('Teléfono');
    await expectNoAxeViolations(page, 'columnas de la importación', 'main');

    await page.getByRole('button', { name: 'Comprobar sin importar' }).click();
    await expect(page.getByText('Se crearán: 2')).toBeVisible();
    await expect(page.getByText('Fila 4: La letra del DNI no corresponde a sus números: «12345678A»')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Vista previa de las primeras filas' }).getByText('+34 611 223 344'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'simulación de la importación', 'main');
    await reviewShot(page, 'patient-import-dry-run.png', { fullPage: true });

    await page.getByRole('button', { name: 'Importar 2 pacientes' }).click();
    await expect(page.getByText('Importación terminada')).toBeVisible();
    await expect(page.getByText(/2 fichas creadas, 0 actualizadas, 0 omitidas y 1 con errores/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Descargar las 1 filas con errores/ })).toBeVisible();
    await expectNoAxeViolations(page, 'importación terminada', 'main');

    const found = await (await page.request.get(`/api/patients?q=${surname}`)).json();
    expect(found.total).toBe(2);

    await page.getByRole('button', { name: 'Deshacer la importación' }).click();
    await page.getByRole('button', { name: 'Sí, deshacer' }).click();
    await expect(page.getByText('Importación deshecha')).toBeVisible();
    expect((await (await page.request.get(`/api/patients?q=${surname}`)).json()).total).toBe(0);
  });
});
