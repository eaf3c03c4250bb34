// Setup file of the integration project (vitest.config.ts): pg's warning about a query sent on a busy
// client (pg-misuse.ts) fails the test during which it was raised. Node raises a deprecation once per
// process, so the first misuse in a worker fails; later ones show once it is fixed.
import { afterEach } from 'vitest';
import { PG_MISUSE } from './pg-misuse.js';

const seen: string[] = [];
process.on('warning', (warning) => {
  if (PG_MISUSE.test(warning.message)) seen.push(warning.stack ?? warning.message);
});

afterEach(() => {
  const found = seen.splice(0);
  if (found.length > 0) throw new Error(`Two queries at once on one pg client (pg 9 throws here):\n${found.join('\n')}`);
});
