/**
 * Rows of one platform in every large table, made with generate_series (row i of each table belongs to customer i;
 * ids are UUIDs built from i, so a seed can be extended with `from`): the query-plans test and the million-row bench.
 */
import { createHash } from "node:crypto";
import type postgres from "postgres";

export const LARGE_TABLES = [
  "customers",
  "internal_accounts",
  "external_accounts",
  "quotes",
  "transactions",
  "ledger_entries",
  "outbox_events",
  "webhook_deliveries",
  "agents",
];

/** The UUID of row `i` of a table: `prefix` is one group of hex digits per table (customers 8000, accounts 8100, …). */
export const fillerUuid = (prefix: string, i: number) =>
  `00000000-0000-7000-${prefix}-${i.toString(16).padStart(12, "0")}`;

/** The bearer token of filler agent `i` (its digest is what the seed stores). */
export const fillerAgentToken = (i: number) =>
  `gat_${createHash("sha256").update(`filler-agent-${i}`).digest("hex").slice(0, 40)}`;

const u = (prefix: string) => `('00000000-0000-7000-${prefix}-' || lpad(to_hex(i), 12, '0'))::uuid`;

/** The insert of rows [from, from + rows) of each large table, by table. */
function fillerInserts(platformId: string, from: number, rows: number): Record<string, string> {
  const to = from + rows - 1;
  return {
    customers: `
      insert into customers (id, platform_id, platform_customer_id, customer_type, email, uma_address, kyc_status, profile)
      select ${u("8000")}, '${platformId}'::uuid, 'filler-' || i, 'INDIVIDUAL', 'f' || i || '@example.com', '$f' || i || '@example.com', 'APPROVED', '{"fullName":"Filler"}'::jsonb
      from generate_series(${from}, ${to}) i`,
    internal_accounts: `
      insert into internal_accounts (id, platform_id, customer_id, type, status, currency, decimals)
      select ${u("8100")}, '${platformId}'::uuid, ${u("8000")}, 'INTERNAL_FIAT', 'ACTIVE', 'USD', 2 from generate_series(${from}, ${to}) i`,
    external_accounts: `
      insert into external_accounts (id, platform_id, customer_id, status, currency, account_type, account_info, identity_key, beneficiary_verification_status, beneficiary_verified_name)
      select ${u("a000")}, '${platformId}'::uuid, ${u("8000")}, 'ACTIVE', 'USD', 'USD_ACCOUNT',
             jsonb_build_object('accountType', 'USD_ACCOUNT', 'accountNumber', lpad(i::text, 12, '0'), 'routingNumber', '021000021', 'bankAccountType', 'CHECKING',
               'beneficiary', jsonb_build_object('beneficiaryType', 'INDIVIDUAL', 'fullName', 'Filler')),
             'USD_ACCOUNT:routingNumber=021000021|accountNumber=' || lpad(i::text, 12, '0'), 'MATCHED', 'Filler'
      from generate_series(${from}, ${to}) i`,
    quotes: `
      insert into quotes (id, platform_id, customer_id, status, source_kind, source_account_id, destination_kind, destination_account_id,
                          locked_currency_side, locked_currency_amount, sending_currency, receiving_currency, total_sending_amount,
                          total_receiving_amount, exchange_rate, fees_included, platform_fees_included, usd_value_cents, transaction_id, expires_at)
      select ${u("b000")}, '${platformId}'::uuid, ${u("8000")}, 'COMPLETED', 'INTERNAL', ${u("8100")}, 'EXTERNAL', ${u("a000")},
             'SENDING', 100, 'USD', 'USD', 100, 100, '1', 0, 0, 100, ${u("c000")}, now()
      from generate_series(${from}, ${to}) i`,
    transactions: `
      insert into transactions (id, platform_id, customer_id, quote_id, kind, direction, status, source_kind, source_account_id, destination_kind,
                                destination_account_id, sending_currency, sending_amount, receiving_currency, receiving_amount, exchange_rate,
                                fees_amount, platform_fees_amount, usd_value_cents, settled_at)
      select ${u("c000")}, '${platformId}'::uuid, ${u("8000")}, ${u("b000")}, 'TRANSFER', 'OUTGOING', 'COMPLETED', 'INTERNAL', ${u("8100")}, 'EXTERNAL',
             ${u("a000")}, 'USD', 100, 'USD', 100, '1', 0, 0, 100, now()
      from generate_series(${from}, ${to}) i`,
    ledger_entries: `
      insert into ledger_entries (id, platform_id, transaction_id, account, currency, amount, memo)
      select ${u("d000")}, '${platformId}'::uuid, ${u("c000")}, 'ia:' || ${u("8100")}, 'USD', -100, 'filler' from generate_series(${from}, ${to}) i
      union all
      select ${u("d100")}, '${platformId}'::uuid, ${u("c000")}, 'sys:${platformId}:PAYOUTS:USD', 'USD', 100, 'filler' from generate_series(${from}, ${to}) i`,
    outbox_events: `
      insert into outbox_events (id, platform_id, type, data, dispatched_at)
      select ${u("e000")}, '${platformId}'::uuid, 'TRANSACTION.COMPLETED', '{}'::jsonb, now() from generate_series(${from}, ${to}) i`,
    webhook_deliveries: `
      insert into webhook_deliveries (id, platform_id, event_type, body, status, attempts, next_attempt_at, give_up_at)
      select ${u("e000")}, '${platformId}'::uuid, 'TRANSACTION.COMPLETED', '{}', 'DELIVERED', 1, now(), now() + interval '7 days' from generate_series(${from}, ${to}) i`,
    agents: `
      insert into agents (id, platform_id, customer_id, name, policy, permissions, token_digest, connected_at)
      select ${u("9000")}, '${platformId}'::uuid, ${u("8000")}, 'filler agent ' || i,
             '{"permissions":["MANAGE_EXTERNAL_ACCOUNTS"],"defaultExecutionMode":"AUTO","spendingLimits":{"currency":"USD","perTransactionLimit":100000}}'::jsonb,
             array['MANAGE_EXTERNAL_ACCOUNTS'],
             encode(sha256(convert_to('gat_' || substr(encode(sha256(convert_to('filler-agent-' || i, 'UTF8')), 'hex'), 1, 40), 'UTF8')), 'hex'), now()
      from generate_series(${from}, ${to}) i`,
  };
}

/** `tables` (default: all of LARGE_TABLES, in their foreign-key order) get rows [from, from + rows), in one transaction. */
export async function seedFiller(
  sql: postgres.Sql,
  platformId: string,
  rows: number,
  from = 0,
  tables: readonly string[] = LARGE_TABLES,
): Promise<void> {
  const inserts = fillerInserts(platformId, from, rows);
  await sql.begin(async (tx) => {
    for (const t of LARGE_TABLES) if (tables.includes(t)) await tx.unsafe(inserts[t]);
  });
}
