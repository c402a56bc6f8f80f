import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  /** The message as received, quoted-printable soft breaks and escapes undone. */
  text: string;
  /** The message's bytes as received (for a MIME parser: attachments). */
  raw: Buffer;
}

/** A real SMTP server on a free local port: mail travels the way it does in production. */
export async function startSmtpCatcher() {
  const received: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: raw
            .toString()
            .replace(/=\r?\n/g, "")
            .replace(/=3D/gi, "="),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The mails delivered to `address` so far. */
    to: (address: string) => received.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
