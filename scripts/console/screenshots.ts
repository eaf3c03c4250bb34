// npm run console:screenshots: starts the service as `npm start` does (plain, fresh embedded
// database), walks the sandbox console's flows in headless Chromium at 1280 px so every page has
// something to show, and writes one full-page PNG per page to docs/console/<page>-1280.png.
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../../test/support/chromium.js';
import { openWindow, signIn } from '../../test/support/console-browser.js';
import { ConsoleFlow, type PageId } from '../../test/support/console-flows.js';
import { startPlainService } from '../../test/support/plain-service.js';
import { PAGES } from '../../console/src/route.js';

const OUT = 'docs/console';
const WIDTH = 1280;

const service = await startPlainService();
const browser = await launchChromium();
try {
  const outside: string[] = [];
  const { page } = await openWindow(browser, service.url, WIDTH, outside);
  const flow = new ConsoleFlow(page, service.url);
  await signIn(page, service.url, service.adminToken);
  await flow.createAccount('Frontend Team Pty Ltd');
  await flow.registerReceiver();
  const abn = await flow.lodge('abn_registration');
  await flow.openLodgement('abn_registration', abn.requestId);
  await flow.move('finished');
  await flow.lodge('form484');
  await flow.move('manual review');
  await flow.causedEvents(1);
  await flow.deliveries(2);
  const applied = await flow.apply('company', 'normal');
  await flow.partnerMoves(applied.requestId, 'finished');
  await flow.readApplication(applied.requestId);
  await flow.search('vin', '1HGCM82633A004352');
  await flow.alert();
  await flow.monitorAndSimulate();
  const refused = await flow.failLodgement();
  mkdirSync(OUT, { recursive: true });
  for (const [id] of PAGES) {
    // The Requests page as the failed request's link leaves it: the request found and open.
    if (id === 'requests') {
      await flow.showRequest(refused.requestId);
      await page.getByTestId('request-row').first().waitFor();
    } else await flow.go(id as PageId);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${OUT}/${id}-${WIDTH}.png`, fullPage: true });
    console.log(`${OUT}/${id}-${WIDTH}.png`);
  }
  if (outside.length > 0) throw new Error(`the console asked another origin for ${outside.join(', ')}`);
} finally {
  await browser.close();
  await service.stop();
}
