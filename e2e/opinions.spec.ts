import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, reviewShot, signInViaApi, signOutViaApi, test } from './fixtures';

// «Opiniones» (issue 38, item 3): the after-visit survey's answers reach the desk and each doctor.
test.describe('Opiniones', () => {
  test('la administración ve las puntuaciones y los comentarios y responde por correo; la doctora ve las suyas', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/admin/opiniones');
      await expect(page.getByRole('heading', { name: 'Opiniones', level: 1 })).toBeVisible();
      await expect(page.getByRole('table', { name: /Media de las puntuaciones/ })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await reviewShot(page, `opinions-${width}.png`, { fullPage: true });
    }
    await expectNoAxeViolations(page, 'las opiniones', 'main');

    const answer = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Responder por correo' }) })
      .first();
    const name = (await answer.getAttribute('aria-label'))!.replace('Opinión de ', '');
    await answer.getByRole('button', { name: 'Responder por correo' }).click();
    // Without its button, the article no longer matches the filter: found again by its name.
    const form = page.getByRole('article', { name: `Opinión de ${name}` }).filter({ has: page.getByRole('textbox') });
    await form
      .getByRole('textbox', { name: `Respuesta a ${name}` })
      .fill('Gracias por contárnoslo. Le llamamos esta semana.');
    await form.getByRole('button', { name: 'Enviar respuesta' }).click();
    const replied = page
      .getByRole('article', { name: `Opinión de ${name}` })
      .filter({ hasText: 'Gracias por contárnoslo. Le llamamos esta semana.' });
    await expect(replied.getByText('Gracias por contárnoslo. Le llamamos esta semana.')).toBeVisible();
    await expect(replied.getByText(new RegExp(`por ${DEMO.admin.name}$`))).toBeVisible();
    await signOutViaApi(page);

    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    await page.goto('/doctor/opiniones');
    await expect(page.getByRole('heading', { name: 'Opiniones', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Respuestas y comentarios' })).toBeVisible();
  });
});
