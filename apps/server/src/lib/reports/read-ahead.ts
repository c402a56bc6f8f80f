/**
 * Each item's part read in order, the next one asked for while the one before is written out: the
 * database reads a batch while this process writes the last (issue 30 item 7, decision 048). One
 * part ahead, never more, so memory holds two batches at most. A part that fails is thrown where it
 * is reached, never left unhandled if the writing stops first.
 */
export async function* readAhead<T, R>(items: readonly T[], read: (item: T) => Promise<R>): AsyncIterable<R> {
  const ask = (i: number) => {
    const item = items[i];
    if (item === undefined) return null;
    const part = read(item);
    part.catch(() => {});
    return part;
  };
  let next = ask(0);
  for (let i = 0; next; i++) {
    const part = await next;
    next = ask(i + 1);
    yield part;
  }
}
