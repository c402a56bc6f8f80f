import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { initialsOf } from "../../../lib/format.ts";
import { profilePictureQuery } from "../api/get-profile-picture.ts";

/**
 * The user's picture, or their initials while there is none (or it fails to load). The picture is
 * asked for only when the session says one is set.
 */
export function Avatar({
  userId,
  name,
  hasPicture,
  size = 32,
}: {
  userId: number;
  name: string;
  hasPicture: boolean;
  size?: number;
}) {
  const picture = useQuery({ ...profilePictureQuery(userId), enabled: hasPicture });
  const [failed, setFailed] = useState<string | null>(null);
  const url = picture.data?.url;
  if (url && failed !== url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        onError={() => setFailed(url)}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
        data-testid="avatar-picture"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="flex items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
    >
      {initialsOf(name)}
    </span>
  );
}
