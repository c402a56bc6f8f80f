import { type StaffForm, staffRecordSchema } from "@keyholder/contracts/staff";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/staff invites a new staff member; PUT /api/v1/staff/{id} saves one. Answers the record as stored. */
export const saveStaff = (form: StaffForm, id?: string) =>
  api(id === undefined ? "/staff" : `/staff/${id}`, {
    method: id === undefined ? "POST" : "PUT",
    body: form,
    schema: staffRecordSchema,
  });
