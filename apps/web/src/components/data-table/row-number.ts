export const ROW_NUMBER_COLUMN = "__row_number";

/**
 * Width of the '#' column (spec records 9): 12 px plus 4 per digit of the largest row number, at
 * least 32, kept within the column's min and max sizes of 25 and 50.
 */
export function rowNumberWidth(rowCount: number) {
  const digits = String(Math.max(1, rowCount)).length;
  return Math.min(50, Math.max(25, Math.max(32, 12 + 4 * digits)));
}
