import type { FilterCondition } from "@keyholder/contracts/list-query";
import { type UserRow, userRowSchema } from "@keyholder/contracts/users";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const USERS_QUERY_KEY = "user-table-";

/** A page of users; `only` narrows every request (Users > Administrators is the administrators). */
export const getUsers =
  (only: FilterCondition[] = []) =>
  (request: PageRequest): Promise<Page<UserRow>> =>
    getRowsPage<UserRow>("/users/details", { ...request, conditions: [...only, ...request.conditions] }, userRowSchema);
