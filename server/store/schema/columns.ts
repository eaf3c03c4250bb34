// Column helpers shared by every table file.
import { timestamp } from 'drizzle-orm/pg-core';

/** Every instant is stored with its time zone and read as a Date. */
export const timestamps = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When a row was written and last changed, both required. */
export const rowTimes = () => ({
  createdAt: timestamps('created_at').notNull(),
  updatedAt: timestamps('updated_at').notNull(),
});
