import { type SQL, sql } from "drizzle-orm";

export interface FairPickOptions {
  /** The table the workers claim from (aliased `r` in `pending` and `due`). */
  table: string;
  /** The column naming whose work a row is: one platform's backlog must not hold back another's. */
  tenant: string;
  /** The rows that may ever be claimed (`r.`-qualified): the predicate of the partial index on (tenant, order). */
  pending: SQL;
  /** Of those, the rows claimable now (`r.`-qualified). */
  due: SQL;
  /** The column each tenant's rows are taken in (its oldest first). */
  order: string;
  /** Further columns of the candidates (the key the caller locks by). */
  columns: string[];
  /** At most this many rows per tenant, counting its `busy` ones. */
  perTenant: number;
  /** At most this many candidates per tenant (the claim's limit). */
  limit: number;
  /** Work a tenant already has in hand (tenant id → count): counted before its candidates' turns, and off its perTenant. */
  busy?: Record<string, number>;
}

/**
 * Candidates for a claim taken in turns across tenants, as a subquery of `columns`, `turn` and `ord`: a claim locks
 * them ordered by (turn, ord) with FOR UPDATE SKIP LOCKED and a LIMIT, so that its rows go round the tenants with due
 * work (the first of each, then the second of each, …) instead of in time order across all of them, where one
 * tenant's backlog comes first for as long as it lasts. Each tenant's candidates are taken past the rows another
 * claim holds (FOR UPDATE SKIP LOCKED, one level below the window function, which cannot share a level with it): two
 * instances working one tenant's backlog take disjoint rows instead of the second finding only the first's. A
 * candidate the claim then leaves (past its LIMIT) stays locked until the claim's transaction ends, and stays PENDING
 * for the next one; the claim re-checks `due` under its lock.
 *
 * The tenants are found by a loose index scan of the partial index on (tenant, order) where `pending` (one probe per
 * tenant with pending rows), and each tenant's due rows by a range of that index, so a claim reads a few index entries
 * per tenant however long a backlog is (ordered by the index's two columns, so that no other index on the tenant
 * serves it: one that walks a tenant's finished rows too).
 */
export function fairPick(o: FairPickOptions): SQL {
  const t = sql.raw(o.table);
  const tenant = sql.raw(o.tenant);
  const order = sql.raw(o.order);
  const cols = sql.raw(o.columns.map((c) => `r.${c}`).join(", "));
  const busy = JSON.stringify(o.busy ?? {});
  const held = sql`coalesce((${busy}::jsonb ->> tenants.t::text)::int, 0)`;
  return sql`(with recursive tenants(t) as (
      (select r.${tenant} from ${t} r where ${o.pending} order by r.${tenant}, r.${order} limit 1)
      union all
      select (select r.${tenant} from ${t} r where ${o.pending} and r.${tenant} > tenants.t
              order by r.${tenant}, r.${order} limit 1)
      from tenants where tenants.t is not null
    )
    select c.*, c.n + ${held} as turn from tenants cross join lateral (
      select l.*, row_number() over (order by l.ord) as n from (
        select ${cols}, r.${order} as ord
        from ${t} r where r.${tenant} = tenants.t and ${o.pending} and ${o.due}
        order by r.${order} limit greatest(0, least(${o.limit}::int, ${o.perTenant}::int - ${held}))
        for update of r skip locked
      ) l
    ) c where tenants.t is not null)`;
}
