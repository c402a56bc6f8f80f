import { describe, expect, it } from "vitest";
import { splitCents } from "./split-cents.ts";

describe("splitCents", () => {
  it("shares in proportion, the odd cents to the largest remainders, always adding up", () => {
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(1_000, [600, 300, 100])).toEqual([600, 300, 100]);
    expect(splitCents(101, [2, 1])).toEqual([67, 34]);
    expect(splitCents(0, [5, 5])).toEqual([0, 0]);
  });

  it("adds up exactly for random amounts and weights, even past a float's exact integers", () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 2_000; run++) {
      const weights = Array.from({ length: 1 + next(6) }, () => 1 + next(1_000_000_000_000));
      const amount = next(1_000_000_000_000);
      const shares = splitCents(amount, weights);
      expect(shares.reduce((s, c) => s + c, 0)).toBe(amount);
      const total = weights.reduce((s, w) => s + w, 0);
      for (const [i, share] of shares.entries()) {
        expect(Math.abs(share - (amount * (weights[i] ?? 0)) / total)).toBeLessThan(1.000001);
      }
    }
  });
});
