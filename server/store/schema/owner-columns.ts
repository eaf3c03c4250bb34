// The owner of a row: the account and the environment (live or test) every read is scoped by. A file
// of its own because it references `accounts`, whose file imports `columns.ts`.
import { text } from 'drizzle-orm/pg-core';
import type { Environment } from '../../ids.js';
import { accounts } from './accounts.js';

/** `account_id` (a reference to `accounts`) and `environment`, both required. */
export const ownerColumns = () => ({
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  environment: text('environment').$type<Environment>().notNull(),
});
