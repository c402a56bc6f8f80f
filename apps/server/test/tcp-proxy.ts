import net from "node:net";

/**
 * A TCP proxy in front of the PostgreSQL server, so a test can drop the database under the app at
 * a chosen moment: in the middle of a query (as pg_terminate_backend or a crash would), or for a
 * while (a restart), and bring it back.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  let cutOnNextQuery = false;
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("data", (chunk) => {
      // A 'Q' (simple) or 'P' (parse) message is a query on a connection that is checked out.
      if (cutOnNextQuery && (chunk[0] === 0x51 || chunk[0] === 0x50)) {
        cutOnNextQuery = false;
        drop();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    port: address.port,
    /** The next query sent on any connection ends that connection instead of reaching the server. */
    cutOnNextQuery() {
      cutOnNextQuery = true;
    },
    /** Ends every connection and refuses new ones, like a database that is down. */
    down() {
      refusing = true;
      dropAll();
    },
    up() {
      refusing = false;
    },
    close() {
      dropAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
