import { type SQL, sql } from "drizzle-orm";

/** What one step of a charge run did (one transaction over a batch of recurring charges). */
export interface BatchStep {
  /** The last recurring charge of the batch (the next batch starts after it); null when there was none. */
  cursor: string | null;
  /** Recurring charges read. */
  considered: number;
  posted: number;
  postedCents: number;
  /** Due in a closed accounting period: not posted. */
  skipped: number;
}

export interface BatchQuery {
  orgId: string;
  through: string;
  /** Where the previous batch ended, as its step said (opaque); null: from the first charge. */
  cursor: string | null;
  size: number;
}

/**
 * The run's order over recurring_charges r: by property, then id (index recurring_charges_run_order_idx).
 * A batch is then the charges of a few properties, so its postings update a few rows of the
 * per-property balances, where an order by id alone spread every batch over every property of the
 * organization (at 10,000 properties about 9,000 balance rows rewritten per batch, decision 033).
 */
export const RUN_ORDER = sql`r.property_id, r.id`;

/** Charges after the cursor in the run's order. A cursor of another form (a run queued before this order) starts over: the keys post nothing twice. */
export function afterCursor(cursor: string | null): SQL {
  const [property, id] = cursor?.split("/") ?? [];
  if (!property || !id) return sql`true`;
  return sql`(r.property_id, r.id) > (${property}::uuid, ${id}::uuid)`;
}

/** The cursor of a batch's last charge (in the CTE named rc, read in the run's order). */
export const lastOfBatch = sql`(select property_id || '/' || id from rc order by property_id desc, id desc limit 1)`;

type Counts = {
  cursor: string | null;
  considered: string | number;
  posted: string | number;
  posted_cents: string | number;
  skipped: string | number;
};

export const toStep = (rows: Counts[]): BatchStep => {
  const r = rows[0];
  return {
    cursor: r?.cursor ?? null,
    considered: Number(r?.considered ?? 0),
    posted: Number(r?.posted ?? 0),
    postedCents: Number(r?.posted_cents ?? 0),
    skipped: Number(r?.skipped ?? 0),
  };
};

export type StepRows = { rows: Counts[] };
