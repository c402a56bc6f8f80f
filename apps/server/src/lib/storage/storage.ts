import type { Readable } from "node:stream";

/** Where uploaded files live. Keys are opaque paths like "org/<id>/images/<uuid>.webp". */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * A file written as it is produced (a report of a million rows): never held whole in memory.
   * Resolves with its size once it is wholly stored; a failed stream stores nothing.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as they are read, or null when there is no such object. */
  getStream(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}
