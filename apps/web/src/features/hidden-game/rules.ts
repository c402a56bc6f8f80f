/** The hidden game's numbers (spec sections 2 and 9). */
export const KEY_SEQUENCE = [
  "ArrowUp",
  "ArrowUp",
  "ArrowDown",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "ArrowLeft",
  "ArrowRight",
  "b",
  "a",
] as const;
export const GAME_SECONDS = 15;
export const BOX_COUNT = 9;
export const SHUFFLE_MS = 1500;
export const POINTS_PER_CLICK = 10;
export const PRAISE_ABOVE = 50;

/** Keeps the last keys pressed; complete when they end with the sequence (so "up up up down..." still counts). */
export function advance(recent: readonly string[], key: string): { recent: string[]; complete: boolean } {
  const normalized = key.length === 1 ? key.toLowerCase() : key;
  const next = [...recent, normalized].slice(-KEY_SEQUENCE.length);
  const complete = next.length === KEY_SEQUENCE.length && next.every((k, i) => k === KEY_SEQUENCE[i]);
  return { recent: complete ? [] : next, complete };
}
