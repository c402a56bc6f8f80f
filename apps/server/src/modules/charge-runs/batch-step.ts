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
  cursor: string | null;
  size: number;
}

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
