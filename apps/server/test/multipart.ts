import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";

/** A multipart/form-data body with one file (and any text fields), as a browser's form upload sends it. */
export function multipart(
  field: string,
  filename: string,
  type: string,
  bytes: Buffer,
  extra: Record<string, string> = {},
) {
  const boundary = "----keyholder-test-boundary";
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(extra)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, [CSRF_HEADER]: CSRF_HEADER_VALUE },
  };
}
