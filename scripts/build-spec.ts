// schemas/ -> spec/openapi.json, spec/openapi.yaml, spec/admin.openapi.json (sorted, stable).
import { mkdir, writeFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { buildAdminDocument, buildPublicDocument } from '../schemas/index.js';
import { orderDocument } from './document-order.js';

export async function buildSpec(outDir = 'spec'): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const publicDoc = orderDocument(buildPublicDocument());
  const adminDoc = orderDocument(buildAdminDocument());
  await writeFile(`${outDir}/openapi.json`, `${JSON.stringify(publicDoc, null, 2)}\n`);
  await writeFile(`${outDir}/openapi.yaml`, stringify(publicDoc, { lineWidth: 0, aliasDuplicateObjects: false }));
  await writeFile(`${outDir}/admin.openapi.json`, `${JSON.stringify(adminDoc, null, 2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildSpec();
  console.log('spec/openapi.json, spec/openapi.yaml, spec/admin.openapi.json written');
}
