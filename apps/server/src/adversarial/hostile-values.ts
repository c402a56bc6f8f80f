/**
 * What an attacker or a broken client sends instead of text: control characters, very long and
 * odd unicode strings, prototype keys, SQL and path fragments, numbers no column holds, and values
 * of the wrong type.
 */
export const hostileStrings: string[] = [
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u001b[31m",
  "\u007f",
  "x".repeat(100_000),
  "ÿ".repeat(5_000),
  "\u202eevil\u202c",
  "👩‍👩‍👧‍👦".repeat(50),
  "e\u0301\u0301\u0301\u0301",
  "\ud800",
  "__proto__",
  "constructor",
  "prototype",
  "' OR '1'='1",
  "1; drop table users; --",
  "$$; select pg_sleep(10); $$",
  "%00",
  "%",
  "_",
  "\\",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "{{7*7}}",
  ["$", "{jndi:ldap://x}"].join(""),
  "1e309",
  "-1",
  "0",
  "NaN",
  "Infinity",
  "99999999999999999999999999",
  "-9223372036854775809",
  "2147483648",
  "0x7fffffff",
  "null",
  "undefined",
  "[]",
  "{}",
  "true",
  " ",
  "",
  "\t\n\r",
];

export const hostileNonStrings: unknown[] = [
  null,
  [],
  {},
  [1, 2, 3],
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"isOperator": true}}'),
  { constructor: { prototype: { admin: true } } },
  true,
  -1,
  0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  0.5,
  "x".repeat(10),
];

/** Bodies that are not what the content type says. */
export const malformedBodies: { contentType: string; payload: string | Buffer }[] = [
  { contentType: "application/json", payload: "{" },
  { contentType: "application/json", payload: '{"a":' },
  { contentType: "application/json", payload: "[".repeat(10_000) },
  { contentType: "application/json", payload: '{"__proto__":{"x":1}}' },
  { contentType: "application/json", payload: "\u0000" },
  { contentType: "application/json", payload: Buffer.from([0xff, 0xfe, 0x00, 0x41]) },
  { contentType: "text/plain", payload: "hello" },
  { contentType: "application/x-www-form-urlencoded", payload: "a=1&b=2" },
  { contentType: "multipart/form-data; boundary=x", payload: "--x\r\nContent-Disposition: form-data; name=" },
  { contentType: "multipart/form-data", payload: "no boundary" },
  {
    contentType: "multipart/form-data; boundary=b",
    payload:
      '--b\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--b--\r\n',
  },
  {
    contentType: "multipart/form-data; boundary=b",
    payload:
      '--b\r\nContent-Disposition: form-data; name="picture"; filename="a.svg"\r\n\r\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\r\n--b--\r\n',
  },
];
