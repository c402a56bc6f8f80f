/** Where uploaded files live. Keys are opaque paths like "org/<id>/images/<uuid>.webp". */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
