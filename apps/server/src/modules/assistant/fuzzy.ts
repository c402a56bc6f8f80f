/** Edit distance with transpositions (Damerau-Levenshtein, optimal string alignment), stopping past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] ?? max + 1;
}

/** How many typos a word of this length may carry and still be recognised. */
export const typoAllowance = (word: string) => (word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0);

/** Whether a typed word is the known word, allowing for its length's typos. */
export const sameWord = (typed: string, known: string) =>
  typed === known || editDistance(typed, known, typoAllowance(known)) <= typoAllowance(known);

/** Lower case, letters and digits only, single spaces. */
export const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^a-z0-9+]+/g, " ")
    .trim();

/** A word of a prompt: lower case as the parser reads it, and where it stands in the text as typed. */
export interface Token {
  word: string;
  start: number;
  end: number;
  /** Typed with a capital first letter (or all digits): how people write a name. */
  capital: boolean;
}

/** The prompt's words as `normalize` reads them, each with its place in the original text. */
export function tokens(text: string): Token[] {
  const found: Token[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9+'’]+/g)) {
    const word = m[0].toLowerCase().replace(/[’']/g, "");
    if (!word) continue;
    found.push({ word, start: m.index, end: m.index + m[0].length, capital: /^[A-Z0-9]/.test(m[0]) });
  }
  return found;
}

export const words = (text: string) => tokens(text).map((t) => t.word);

/**
 * Whether the words of `phrase` appear in a row in `words` (each allowing its typos). Answers the
 * index after the match, or -1.
 */
export function findPhrase(words: readonly string[], phrase: readonly string[]): number {
  for (let i = 0; i + phrase.length <= words.length; i++) {
    if (phrase.every((p, k) => sameWord(words[i + k] ?? "", p))) return i + phrase.length;
  }
  return -1;
}
