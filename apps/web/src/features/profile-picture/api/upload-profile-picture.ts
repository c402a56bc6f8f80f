import { profilePictureSchema } from "@keyholder/contracts/images";
import { api } from "../../../lib/api-client.ts";

export function uploadProfilePicture({ userId, file }: { userId: number; file: File }) {
  const body = new FormData();
  body.set("is_default", "true");
  body.set("picture", file);
  return api(`/users/${userId}/profile-pictures`, { method: "POST", body, schema: profilePictureSchema });
}
