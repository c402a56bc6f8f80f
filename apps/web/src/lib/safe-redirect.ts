/**
 * Where to go after login: only a path on this site ("/workspace?x=1"), never another origin
 * ("//evil.example", "https://...", "/\\evil"), so the redirect parameter cannot be used to phish.
 */
export function safeRedirect(target: unknown, fallback = "/workspace"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  try {
    const url = new URL(target, "http://keyholder.invalid");
    if (url.origin !== "http://keyholder.invalid") return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("/login") ? fallback : path;
  } catch {
    return fallback;
  }
}
