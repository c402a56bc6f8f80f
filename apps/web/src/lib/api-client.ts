import { API_PREFIX, CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import type { z } from "zod";

/** A failed API call: HTTP status plus the server's `{error: {code, message, fields}}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string[]>,
    /** The whole parsed body, for members beside `error` (e.g. `waitlisted`). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * Where calls go: the page's own origin in the browser; a server render hands in the app itself
 * (no network hop, the same handlers and checks as any request).
 */
export interface ApiTransport {
  origin: string;
  fetch: typeof fetch;
}
let transport: ApiTransport | undefined;
export function setApiTransport(next: ApiTransport) {
  transport = next;
}
const currentTransport = (): ApiTransport =>
  transport ?? { origin: window.location.origin, fetch: (...a) => fetch(...a) };

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();
/** Called when any call answers 401: the server session is gone, so the browser signs out too. */
export function onUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export interface ApiRequest<S extends z.ZodType | undefined> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Checks the answer's shape; a mismatch throws "Validation failed: ...". */
  schema?: S;
  signal?: AbortSignal;
  /**
   * A 401 here is not the workspace's session ending (the resident portal's own session, decision
   * 036): the workspace's listeners are not told.
   */
  ownSession?: boolean;
  /** Called with the share of a FormData body sent so far (0 to 1), for an upload's progress bar. */
  onUploadProgress?: (sent: number) => void;
}

/**
 * Sends with XMLHttpRequest, the one browser API that reports upload progress, and answers what a
 * fetch would: status and body text.
 */
function sendWithProgress(
  url: URL,
  init: { method: string; headers: Record<string, string>; body: FormData; signal?: AbortSignal | undefined },
  onProgress: (sent: number) => void,
): Promise<{ ok: boolean; status: number; text(): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, text: async () => xhr.responseText });
    xhr.onerror = () => reject(new TypeError("Network request failed"));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    init.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(init.body);
  });
}

/**
 * Every call to our API: credentials included, CSRF header on state changes, errors as ApiError.
 * `path` is relative to /api/v1 ("/auth/login").
 */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  request: ApiRequest<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  const method = request.method ?? "GET";
  const { origin, fetch: send } = currentTransport();
  const url = new URL(`${API_PREFIX}${path}`, origin);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: "application/json" };
  if (method !== "GET") headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body);
  }
  const response =
    request.onUploadProgress && request.body instanceof FormData
      ? await sendWithProgress(
          url,
          { method, headers, body: request.body, signal: request.signal },
          request.onUploadProgress,
        )
      : await send(url, { method, headers, body, credentials: "include", signal: request.signal });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const err = (parsed as { error?: { code?: string; message?: string; fields?: Record<string, string[]> } })?.error;
    const error = new ApiError(
      response.status,
      err?.message ?? `API request failed: ${response.status}`,
      err?.code,
      err?.fields,
      parsed,
    );
    if (response.status === 401 && !request.ownSession) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  }
  if (!request.schema) return parsed as never;
  const checked = request.schema.safeParse(parsed);
  if (!checked.success) {
    const summary = checked.error.issues.map((i) => `${i.path.join(".") || "response"}: ${i.message}`).join("; ");
    throw new Error(`Validation failed: ${summary}`);
  }
  return checked.data as never;
}
