/**
 * The widths to draw the visible columns at: their sizes, or, when these add up to less than the
 * grid's width, stretched in proportion to fill it (fixed columns such as '#' keep their size).
 * Whole pixels that add up to exactly `available`, so no horizontal scroll bar appears.
 */
export function fillWidths(
  sizes: readonly (readonly [string, number])[],
  available: number,
  fixed: ReadonlySet<string>,
): Map<string, number> {
  const widths = new Map(sizes);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  const flexible = sizes.filter(([id]) => !fixed.has(id));
  const flexTotal = flexible.reduce((sum, [, size]) => sum + size, 0);
  if (available <= total || flexTotal <= 0) return widths;
  const room = available - (total - flexTotal);
  let given = 0;
  flexible.forEach(([id, size], i) => {
    const width = i === flexible.length - 1 ? room - given : Math.floor((size * room) / flexTotal);
    widths.set(id, width);
    given += width;
  });
  return widths;
}
