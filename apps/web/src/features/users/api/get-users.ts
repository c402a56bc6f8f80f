import type { FilterCondition } from "@keyholder/contracts/list-query";
import { type UserRow, userListSchema } from "@keyholder/contracts/users";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const USERS_QUERY_KEY = "user-table-";

/** A page of users; `only` narrows every request (Users > Administrators is the administrators). */
export const getUsers =
  (only: FilterCondition[] = []) =>
  async (request: PageRequest): Promise<Page<UserRow>> => {
    const page = await api("/users/details", {
      query: listQueryParams({ ...request, conditions: [...only, ...request.conditions] }),
      schema: userListSchema,
      signal: request.signal,
    });
    return { rows: page.users, offset: page.offset, count: page.count, total: page.total_count };
  };
