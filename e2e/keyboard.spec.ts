import type { Locator, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, label, test, uniqueEmail } from './fixtures';

// Booking and signing in with the keyboard alone (WCAG 2.1.1, 2.4.7): focus moves only with Tab and
// Shift+Tab, choices are made with Enter, Space and the arrows, text is typed with `page.keyboard`, and
// every element that takes focus on the way shows a focus indicator.

/** What shows where the focus is: an outline, or a ring drawn with box-shadow. */
async function focusIndicatorOf(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { element: 'body', indicator: null };
    // A field's ring is drawn on its box: the input itself, or the box around it (the password field).
    const style = getComputedStyle(element.closest('.mantine-Input-input') ?? element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1
        ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        : null;
    const ring = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    const name = element.getAttribute('aria-label') ?? element.id ?? '';
    return {
      element: `${element.tagName.toLowerCase()} ${name} «${(element.textContent ?? '').trim().slice(0, 30)}»`,
      indicator: outline ?? ring,
    };
  });
}

async function expectVisibleFocus(page: Page) {
  const { element, indicator } = await focusIndicatorOf(page);
  expect(indicator, `no focus indicator on ${element}`).not.toBeNull();
}

/** Presses `key` (Tab or Shift+Tab) until `target` has the focus, checking the indicator at every stop. */
async function moveFocusTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', maxPresses = 80) {
  await expect(target).toBeVisible();
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${maxPresses} × ${key} did not reach ${target.toString()}`);
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await moveFocusTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test('se pide una cita solo con el teclado, viendo siempre dónde está el foco', async ({ page }) => {
  await page.goto('/agendar-cita');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedir cita' })).toBeVisible();
  // The page arrives drawn; its controls work once the app has taken it over.
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeEnabled();

  // Step 1: the specialties are a radio group: Tab enters it, the arrows move to «Medicina familiar», Space takes it.
  const specialties = page.getByRole('radiogroup', { name: 'Especialidad' });
  const specialty = specialties.getByRole('radio', { name: 'Medicina familiar', exact: true });
  await moveFocusTo(page, specialties.getByRole('radio').first());
  for (
    let press = 0;
    press < 20 && !(await specialty.evaluate((element) => element === document.activeElement));
    press++
  ) {
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('Space');
  await expect(specialty).toBeChecked();

  // «Servicio», the same way: Tab enters the group on its first service, Space takes it.
  const service = page.getByRole('radiogroup', { name: 'Servicio' }).getByRole('radio').first();
  await moveFocusTo(page, service);
  await page.keyboard.press('Space');
  await expect(service).toBeChecked();

  // «Cualquier profesional» is a radio in a group: Tab enters the group on the checked one.
  const anyone = page.getByRole('radio', { name: 'Cualquier profesional' });
  await moveFocusTo(page, anyone);
  await page.keyboard.press('Space');
  await expect(anyone).toBeChecked();
  await moveFocusTo(page, page.getByRole('button', { name: 'Continuar' }));
  await page.keyboard.press('Enter');

  // Step 2: the next week (far enough ahead), its first day with free times, and its first time.
  const nextWeek = page.getByRole('button', { name: 'Semana siguiente' });
  const weekLabel = page.getByText(/^Semana del /);
  const before = await weekLabel.textContent();
  await moveFocusTo(page, nextWeek);
  await page.keyboard.press('Enter');
  await expect(weekLabel).not.toHaveText(before!);
  const times = page.getByRole('group', { name: /^Horas libres del / });
  await expect(times).toBeVisible();
  const time = times.getByRole('button').first();
  await moveFocusTo(page, time);
  await page.keyboard.press('Space');
  await expect(time).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/^Has elegido:/)).toBeVisible();
  // Shift+Tab walks back as well: from the time to the week buttons and forward again.
  await moveFocusTo(page, nextWeek, 'Shift+Tab');
  await moveFocusTo(page, page.getByRole('button', { name: 'Continuar' }));
  await page.keyboard.press('Enter');

  // Step 3: the visitor's data, the privacy consent with Space, «Confirmar cita» with Enter.
  const form = page.getByRole('form', { name: 'Tus datos' });
  await expect(form).toBeVisible();
  await typeInto(page, form.getByRole('textbox', { name: label('Nombre') }), 'Teresa');
  await typeInto(page, form.getByRole('textbox', { name: label('Apellidos') }), 'Teclado Prueba');
  await typeInto(page, form.getByRole('textbox', { name: label('Correo electrónico') }), uniqueEmail('teclado'));
  await typeInto(page, form.getByRole('textbox', { name: label('Teléfono') }), '+34 655 444 333');
  await typeInto(page, form.getByRole('textbox', { name: label('Motivo de la consulta') }), 'Revisión anual');
  const privacy = form.getByRole('checkbox', { name: /acepto la política de privacidad/ });
  await moveFocusTo(page, privacy);
  await page.keyboard.press('Space');
  await expect(privacy).toBeChecked();
  await moveFocusTo(page, page.getByRole('button', { name: 'Confirmar cita' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Cita reservada', exact: true })).toBeVisible();
});

test('se inicia sesión solo con el teclado, viendo siempre dónde está el foco', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  // The page arrives drawn; its form works once the app has taken it over.
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();

  const email = page.getByRole('textbox', { name: label('Correo electrónico') });
  await typeInto(page, email, DEMO.paciente.email);
  // A wrong password first: the message is announced and the form stays usable from the keyboard.
  const password = page.getByLabel(label('Contraseña'));
  await moveFocusTo(page, password);
  await page.keyboard.type('no-es-la-clave');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();

  await moveFocusTo(page, email, 'Shift+Tab');
  await moveFocusTo(page, password);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(DEMO_PASSWORD);
  await moveFocusTo(page, page.getByRole('button', { name: 'Entrar' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL((url) => url.pathname.startsWith('/paciente'));
});
