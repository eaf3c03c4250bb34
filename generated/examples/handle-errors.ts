// From docs/guide/06-errors.md by npm run generate: edit the example there, not this file.
import { createClient, createConfig, getPpsrSearch, ServiceError, unwrap } from '../client/index.js';

const client = createClient(createConfig({ baseUrl: 'http://127.0.0.1:4000/api/test/v2', auth: () => process.env.SVC_KEY! }));

try {
  unwrap(await getPpsrSearch({ client, path: { requestId: 999999 } }));
} catch (error) {
  if (!(error instanceof ServiceError)) throw error; // ServiceUnreachableError: retry later
  const { error: code } = error.body as { error?: string };
  console.log(error.status, code, error.requestId); // 404 not_found req_…
}
