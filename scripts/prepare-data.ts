// `npm run build` (and so `npm ci`, through `prepare`): makes the prepared embedded data directory
// (server/store/pglite-seed.ts) that `npm start` copies into a fresh data directory, so a newcomer's
// first start copies it instead of running initdb and the migrations (seconds) before it listens.
import { preparePgliteSeed } from '../server/store/db.js';

const started = Date.now();
await preparePgliteSeed();
process.stdout.write(`embedded database template ready in ${Date.now() - started} ms\n`);
