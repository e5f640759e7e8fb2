import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { baseUrl, clinicNow, DEMO, DEMO_PASSWORD, expect, newClinicContext, signInViaApi, test } from './fixtures';

/** «AAAA-MM-DD» of the clinic's day `days` from today (Madrid). */
const clinicDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(clinicNow().getTime() + days * 86_400_000),
  );

async function createTask(page: Page, task: { title: string; assigneeId: string; dueDate: string }) {
  const response = await page.request.post('/api/tasks', {
    data: { ...task, priority: 'alta' },
    headers: { Origin: new URL(baseUrl()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function doctorId(page: Page) {
  const response = await page.request.get('/api/tasks/assignees');
  const doctor = ((await response.json()) as { id: string; displayName: string }[]).find(
    (person) => person.displayName === DEMO.doctor.name,
  );
  return doctor!.id;
}

const column = (page: Page, name: string) => page.getByRole('region', { name });
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test.describe('Tareas', () => {
  test('el admin ve las vencidas y mueve una tarea a «Hecha» arrastrando y otra solo con el teclado', async ({
    page,
  }) => {
    // Two axe audits, a drag, a keyboard move and a reload: longer than the default on a busy machine.
    test.setTimeout(90_000);
    const suffix = Date.now().toString(36);
    const dragged = `Arrastrar ${suffix}`;
    const keyed = `Teclado ${suffix}`;
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    const assigneeId = await doctorId(page);
    await createTask(page, { title: dragged, assigneeId, dueDate: clinicDay(-1) });
    await createTask(page, { title: keyed, assigneeId, dueDate: clinicDay(0) });

    await page.goto('/admin/tareas');
    const overdueRow = page.getByRole('row').filter({ hasText: dragged });
    await expect(overdueRow.getByText('Vencida')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: keyed }).getByText('Vencida')).toHaveCount(0);
    await expectNoAxeViolations(page, 'la lista de tareas');

    await page.getByText('Tablero', { exact: true }).click();
    const done = column(page, 'Hecha');
    await expect(card(page, dragged)).toBeVisible();
    await expect(card(page, dragged).getByText('Vencida')).toBeVisible();
    await expectNoAxeViolations(page, 'el tablero de tareas');

    // Pointer: press on the handle, move to the «Hecha» column, release.
    const handle = page.getByRole('button', { name: `Arrastrar la tarea «${dragged}»` });
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    const target = (await done.boundingBox())!;
    await page.mouse.move(from.x + 20, from.y + 10, { steps: 3 });
    await page.mouse.move(target.x + target.width / 2, target.y + 80, { steps: 12 });
    await page.mouse.up();
    await expect(done.getByRole('article', { name: dragged })).toBeVisible();
    await expect(done.getByRole('article', { name: dragged }).getByText('Vencida')).toHaveCount(0);

    // Keyboard only: focus the handle, Space lifts, arrows move between columns, Space drops.
    const keyHandle = page.getByRole('button', { name: `Arrastrar la tarea «${keyed}»` });
    await keyHandle.focus();
    await page.keyboard.press('Space');
    await expect(keyHandle).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('status').filter({ hasText: `La tarea «${keyed}» está sobre la columna Pendiente.` }),
    ).toBeAttached();
    // Each arrow is announced once the card is over the next column. On a busy machine a press can come
    // before the board is ready for it and do nothing: press again until the card is over «Hecha» (the
    // last column, so an extra press cannot carry it further).
    const overDone = page.getByRole('status').filter({ hasText: `La tarea «${keyed}» está sobre la columna Hecha.` });
    await expect(async () => {
      if (await overDone.count()) return;
      await page.keyboard.press('ArrowRight');
      await expect(overDone).toBeAttached({ timeout: 1_500 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Space');
    await expect(page.getByText(`Has soltado la tarea «${keyed}» en la columna Hecha.`)).toBeAttached();
    await expect(done.getByRole('article', { name: keyed })).toBeVisible();

    // Both stay done after a reload: the server has them.
    await page.reload();
    await page.getByText('Tablero', { exact: true }).click();
    await expect(column(page, 'Hecha').getByRole('article', { name: dragged })).toBeVisible();
    await expect(column(page, 'Hecha').getByRole('article', { name: keyed })).toBeVisible();

    await page.getByRole('button', { name: 'Nueva tarea' }).click();
    await expect(page.getByRole('dialog', { name: 'Nueva tarea' })).toBeVisible();
    await expectNoAxeViolations(page, 'el diálogo de nueva tarea', '[role="dialog"]');
  });

  test('la doctora ve sus tareas en su panel y marca una como hecha', async ({ page, browser }) => {
    const title = `Para la doctora ${Date.now().toString(36)}`;
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await createTask(page, { title, assigneeId: await doctorId(page), dueDate: clinicDay(-2) });

    const context = await newClinicContext(browser);
    const doctor = await context.newPage();
    await signInViaApi(doctor, DEMO.doctor.email, DEMO_PASSWORD);
    await doctor.goto('/doctor/dashboard');
    const myTasks = doctor.getByRole('region', { name: 'Mis tareas' });
    await expect(myTasks.getByText(title)).toBeVisible();
    await expectNoAxeViolations(doctor, 'el panel de la doctora con sus tareas');
    await myTasks.getByRole('button', { name: `Marcar como hecha: ${title}` }).click();
    await expect(myTasks.getByText(title)).toHaveCount(0);
    await context.close();
  });
});
