// From docs/guide/01-getting-started.md by npm run generate: edit the example there, not this file.
import { createClient, createConfig, createPpsrSearch, getPpsrSearch, unwrap } from '../client/index.js';

const client = createClient(createConfig({ baseUrl: 'http://127.0.0.1:4000/api/test/v2', auth: () => process.env.SVC_KEY! }));

// unwrap returns the answer's data, or throws an error that says what went wrong and where.
const created = unwrap(await createPpsrSearch({ client, body: { vin: '1HGCM82633A004352' }, headers: { 'Idempotency-Key': 'search-1' } }));
const search = unwrap(await getPpsrSearch({ client, path: { requestId: created.requestId } }));
console.log(created.requestId, search.status); // its id, and new, processing or completed
