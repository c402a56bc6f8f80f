/**
 * The app's logger. Error-level entries are also forwarded to the server as client_error events
 * (the forwarding sink is installed by the shell; until then errors only reach the console).
 */
type Sink = (entry: { message: string; meta?: unknown; error?: unknown }) => void;
let errorSink: Sink | undefined;

export function setErrorSink(sink: Sink | undefined) {
  errorSink = sink;
}

export const logger = {
  info: (message: string, meta?: unknown) => console.info(message, meta ?? ""),
  warn: (message: string, meta?: unknown) => console.warn(message, meta ?? ""),
  error(message: string, error?: unknown, meta?: unknown) {
    console.error(message, error ?? "", meta ?? "");
    errorSink?.({ message, meta, error });
  },
};
