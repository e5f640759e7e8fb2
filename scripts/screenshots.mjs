// Takes screenshots of pages at desktop and phone width, to look at them:
//   node scripts/screenshots.mjs http://localhost:3000 out-dir [email password] path...
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const [base, outDir, ...rest] = process.argv.slice(2);
let login;
if (rest[0]?.includes('@')) login = { email: rest.shift(), password: rest.shift() };
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  const page = await browser.newPage({ viewport, locale: 'es-ES' });
  if (login) {
    await page.goto(`${base}/auth/login`);
    await page.getByLabel('Correo electrónico').fill(login.email);
    await page.locator('input[name=password]').fill(login.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  }
  for (const path of rest) {
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle');
    const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${name}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
