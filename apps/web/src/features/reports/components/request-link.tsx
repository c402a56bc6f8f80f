import { RecordLink } from "./record-link.tsx";

/** A maintenance request as a link that opens it ("#42 Kitchen sink leaks", Maintenance > All Requests, its View). */
export function RequestLink({ request, title }: { request: { id: string; request_no: number }; title: string }) {
  return (
    <RecordLink category="Maintenance" item="All Requests" id={request.id}>
      #{request.request_no} {title}
    </RecordLink>
  );
}
