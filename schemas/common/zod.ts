// The one place zod is extended with `.openapi()`; every schema file imports `z` from here so the
// extension is always installed before a schema is declared.
import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';

extendZodWithOpenApi(z);

export { z };
