import { Suspense, useContext, useRef, useState } from "react";
import { InPlaceRecordsContext, type InPlaceRequest, type TableRef } from "../../lib/in-place-records.ts";
import { requestInWorkspace } from "../../lib/workspace-requests.ts";

/**
 * Opens related records in place (issue 15, item 7): `open` adds or shows one of a table's records
 * in dialogs over the caller (a property's editor), and `dialogs` renders them; render it where it
 * stays while they are open. Where the workspace offers no such dialogs, the table's own tab does it.
 */
export function useInPlaceRecords() {
  const records = useContext(InPlaceRecordsContext);
  const [opened, setOpened] = useState<{ key: number; table: TableRef; request: InPlaceRequest }[]>([]);
  const nextKey = useRef(0);

  const open = (table: TableRef, request: InPlaceRequest) => {
    if (!records?.dialogsOf(table)) {
      requestInWorkspace(
        request.kind === "add"
          ? { ...table, action: "add", preset: request.preset }
          : { ...table, action: "show", id: request.id },
      );
      return;
    }
    nextKey.current += 1;
    const key = nextKey.current;
    setOpened((o) => [...o, { key, table, request }]);
  };

  const dialogs = opened.map(({ key, table, request }) => {
    const Dialogs = records?.dialogsOf(table);
    if (!Dialogs) return null;
    // Its own boundary: the table's code loading must not blank the page around it.
    return (
      <Suspense key={key} fallback={null}>
        <Dialogs request={request} onClose={() => setOpened((o) => o.filter((d) => d.key !== key))} />
      </Suspense>
    );
  });
  return { open, dialogs };
}
