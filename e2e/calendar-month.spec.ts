import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, signInViaApi, test } from './fixtures';

/** Contrast of each other-month day number of the month view against what is behind it (WCAG 1.4.3). */
function otherMonthDayContrast() {
  const channels = (color: string) => {
    const [r = 0, g = 0, b = 0, a = 1] = color.match(/[\d.]+/g)!.map(Number);
    return { r, g, b, a };
  };
  const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
    const linear = (value: number) => {
      const v = value / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const cells = [...document.querySelectorAll<HTMLElement>('[role="cell"][data-date]')];
  const shownMonth = cells[Math.floor(cells.length / 2)]!.dataset.date!.slice(0, 7);
  return cells
    .filter((cell) => !cell.dataset.date!.startsWith(shownMonth))
    .map((cell) => {
      // The visible number (FullCalendar 7 also writes the full date for screen readers, hidden).
      const number = [...cell.querySelectorAll<HTMLElement>('[aria-hidden="true"]')].find((element) =>
        /^\d{1,2}$/.test(element.textContent!.trim()),
      )!;
      let opacity = 1;
      let background: ReturnType<typeof channels> | undefined;
      for (let element: HTMLElement | null = number; element; element = element.parentElement) {
        const style = getComputedStyle(element);
        opacity *= Number(style.opacity);
        const fill = channels(style.backgroundColor);
        if (!background && fill.a === 1) background = fill;
      }
      background ??= { r: 255, g: 255, b: 255, a: 1 };
      const text = channels(getComputedStyle(number).color);
      const alpha = text.a * opacity;
      const seen = {
        r: text.r * alpha + background.r * (1 - alpha),
        g: text.g * alpha + background.g * (1 - alpha),
        b: text.b * alpha + background.b * (1 - alpha),
      };
      const [light, dark] = [luminance(seen), luminance(background)].sort((x, y) => y - x);
      return { date: cell.dataset.date!, ratio: Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100 };
    });
}

test('vista de mes del calendario: los días de otros meses se leen (4,5:1) y axe no encuentra fallos', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
  await page.goto('/admin/calendario');
  await page.getByRole('tab', { name: 'Vista del mes' }).click();
  await expect(page.getByRole('cell').first()).toBeVisible();

  const days = await page.evaluate(otherMonthDayContrast);
  // January 2026 (the suite's clock) starts on a Thursday: the grid shows days of December and February.
  expect(days.length).toBeGreaterThan(0);
  const unreadable = days.filter((day) => day.ratio < 4.5);
  expect(unreadable, 'días de otros meses por debajo de 4,5:1').toEqual([]);

  await expectNoAxeViolations(page, 'el calendario en vista de mes');
});

test('la vista de mes pide a la clínica las tres primeras citas de cada día y cuántas hay; «+N más» abre el día', async ({
  page,
}) => {
  await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
  // A clinic of fifty doctors: 1 000 appointments on Wednesday 14 January, of which the answer carries three.
  const asked: URL[] = [];
  await page.route(/\/api\/appointments\/month\?/, async (route) => {
    asked.push(new URL(route.request().url()));
    const visit = (n: number, time: string) => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      patientName: `Paciente Mes ${n}`,
      doctorId: `00000000-0000-4000-a000-00000000000${n}`,
      startsAt: `2026-01-14T${time}:00.000Z`,
      endsAt: `2026-01-14T${time.slice(0, 3)}15:00.000Z`,
      status: 'confirmada',
      arrivedAt: null,
      updatedAt: '2026-01-01T10:00:00.000Z',
      serviceId: null,
    });
    await route.fulfill({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({
        days: [{ date: '2026-01-14', count: 1000 }],
        appointments: [visit(1, '08:00'), visit(2, '08:00'), visit(3, '09:00')],
      }),
    });
  });
  await page.goto('/admin/calendario');
  await page.getByRole('tab', { name: 'Vista del mes' }).click();
  const more = page.locator('.clinica-more-event');
  await expect(more).toHaveCount(1);
  await expect(more).toContainText('+997 más');
  await expect(page.locator('.clinica-event', { hasText: 'Paciente Mes' })).toHaveCount(3);
  // The whole grid was asked for at once, for every doctor.
  expect(asked.at(-1)!.searchParams.has('doctorIds')).toBe(false);
  await more.click();
  await expect(page.locator('.clinica-calendar-title')).toHaveText('miércoles, 14 de enero de 2026');
});
