import { describe, expect, it } from "vitest";
import { advance, KEY_SEQUENCE } from "./rules.ts";

const feed = (keys: readonly string[]) => {
  let recent: string[] = [];
  let complete = false;
  for (const key of keys) ({ recent, complete } = advance(recent, key));
  return complete;
};

describe("hidden game key sequence", () => {
  it("completes on up up down down left right left right b a", () => {
    expect(feed(KEY_SEQUENCE)).toBe(true);
    expect(feed(["ArrowUp", ...KEY_SEQUENCE])).toBe(true);
    expect(feed([...KEY_SEQUENCE.slice(0, 8), "B", "A"])).toBe(true);
  });

  it("starts over on a wrong key", () => {
    expect(feed([...KEY_SEQUENCE.slice(0, 5), "x", ...KEY_SEQUENCE.slice(5)])).toBe(false);
  });
});
