import { defineConfig } from 'drizzle-kit';

// Migrations are generated from server/store/schema/ and committed; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/store/schema/index.ts',
  out: './server/store/migrations',
});
