import pg from "pg";

/**
 * A pg pool that survives the database going away under it.
 *
 * - Every client has an 'error' listener: pg emits 'error' on a client whose connection ends, and
 *   the pool itself listens only while the client is idle. Without one, a connection cut during a
 *   request stops the process.
 * - A client checked out for a transaction goes back to the pool (and is discarded) when its
 *   connection ends: drizzle sends BEGIN before its try/finally, so a connection cut during BEGIN
 *   would otherwise stay checked out forever, and a few restarts would exhaust the pool.
 */
export class GuardedPool extends pg.Pool {
  #closing = false;

  constructor(config: pg.PoolConfig, onLost: (state: "idle" | "busy", err: Error) => void) {
    super(config);
    this.on("error", (err) => {
      if (!this.#closing) onLost("idle", err);
    });
    this.on("connect", (client) =>
      client.on("error", (err) => {
        if (!this.#closing) onLost("busy", err);
      }),
    );
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(callback?: Parameters<pg.Pool["connect"]>[0]): Promise<pg.PoolClient> | undefined {
    // pool.query() uses the callback form and releases on error itself.
    if (callback) return super.connect(callback) as undefined;
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onLost = (err: Error) => done(err);
      const done = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", onLost);
        release(err);
      };
      client.on("error", onLost);
      client.release = done;
      return client;
    });
  }

  override end(): Promise<void> {
    this.#closing = true;
    return super.end();
  }
}
