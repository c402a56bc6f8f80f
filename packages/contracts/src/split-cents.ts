/**
 * An amount of cents shared out in proportion to weights, exactly: each share is the floor of its
 * proportion, and the cents left over go one each to the largest remainders (the earlier on a tie),
 * so the shares always add up to the amount and no share drifts by more than a cent. Computed in
 * BigInt: cents times weights outgrow a float's exact integers. Used wherever one amount is split
 * (a payment over a bill's properties, an owner's share of a property).
 */
export function splitCents(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (total <= 0n) throw new Error("splitCents needs a positive total weight");
  const whole = BigInt(amount);
  const shares = weights.map((w) => (whole * BigInt(w)) / total);
  const remainders = weights.map((w, i) => ({ i, r: (whole * BigInt(w)) % total }));
  let left = Number(whole - shares.reduce((s, c) => s + c, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left--;
  }
  return shares.map(Number);
}

/** The same with the amount's sign kept: a shortfall is shared as money is. */
export const splitSignedCents = (amount: number, weights: readonly number[]) =>
  amount < 0 ? splitCents(-amount, weights).map((c) => -c) : splitCents(amount, weights);
