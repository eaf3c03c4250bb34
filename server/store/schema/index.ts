// Drizzle schema, one file per resource. Migrations in ../migrations are generated from this index by
// `npx drizzle-kit generate` and applied at start on PGlite and PostgreSQL alike.
export * from './accounts.js';
export * from './platform.js';
export * from './jobs.js';
export * from './ledger.js';
export * from './mail.js';
export * from './registers.js';
export * from './webhooks.js';
export * from './lodgements.js';
export * from './monitoring.js';
export * from './ppsr.js';
export * from './form484.js';
export * from './business-accounts.js';
export * from './request-log.js';
export * from './listen.js';
