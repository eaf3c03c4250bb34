// Accounts and their credentials: API keys (hashed, D-02) and V1 personal access tokens.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import type { Environment } from '../../ids.js';

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ownerEmail: text('owner_email').notNull(),
  plan: text('plan').$type<'free' | 'standard' | 'pro' | 'enterprise'>().notNull(),
  billing: text('billing').$type<'card' | 'invoice' | 'none'>().notNull(),
  cardStatus: text('card_status').$type<'valid' | 'expired' | 'declining' | 'unavailable' | 'none'>().notNull(),
  monitoringAvailable: boolean('monitoring_available').notNull().default(true),
  locked: boolean('locked').notNull().default(false),
  lodgementCount: integer('lodgement_count').notNull().default(0),
  /** Spec 8: active live monitored entities allowed (1,000 unless the operator sets another). */
  monitoringEntityLimit: integer('monitoring_entity_limit').notNull().default(1000),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamps('created_at').notNull(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type').notNull(),
    environment: text('environment').$type<Environment>().notNull(),
    /** SHA-256 of the full key (D-02): the key itself is never stored. */
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    status: text('status').notNull(),
    domains: jsonb('domains')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamps('created_at').notNull(),
    /** Set by a delayed roll: the key stops working at this instant (D-05). */
    expiresAt: timestamps('expires_at'),
    revokedAt: timestamps('revoked_at'),
    rolledToKeyId: text('rolled_to_key_id'),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);

export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamps('created_at').notNull(),
  },
  (t) => [uniqueIndex('pat_token_hash_idx').on(t.tokenHash)],
);

export type AccountRow = typeof accounts.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
