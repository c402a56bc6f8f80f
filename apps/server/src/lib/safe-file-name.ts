/** A file name safe to store and to send back in a Content-Disposition: no path, no quotes or controls. */
export function safeFileName(name: string, fallback: string) {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 200);
  return base || fallback;
}
