import { chromium } from '@playwright/test';
const base = 'http://localhost:3420';
const [,, path = '/checkout', name = 'checkout', width = '1280', setup = 'guest'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
await page.goto(base + '/');
const products = await (await fetch(base + '/api/v1/products?pageSize=3')).json();
await page.evaluate((items) => localStorage.setItem('meltway.cart', JSON.stringify(items)), products.items.slice(0, 2).map((p, i) => ({ productId: p.id, quantity: i + 1 })));
await page.goto(base + path);
await page.waitForTimeout(2500);
if (process.env.FILL) {
  await page.getByLabel('Email').fill('guest@example.com');
  await page.getByLabel('Full name').fill('Gail Guest');
  await page.getByLabel('Address', { exact: true }).fill('123 Main St');
  await page.getByLabel('City').fill('Calgary');
  await page.getByLabel('Province or territory').selectOption('AB');
  await page.getByLabel('Postal code').fill('t2p1j9');
  await page.waitForTimeout(1500);
}
await page.screenshot({ path: `/tmp/cw-shots/${name}-${width}.png`, fullPage: true });
await browser.close();
