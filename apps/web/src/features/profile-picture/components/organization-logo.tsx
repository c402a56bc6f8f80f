import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { organizationLogoQuery } from "../api/get-organization-logo.ts";

/** The organization's logo; its name when there is none or the image fails to load. */
export function OrganizationLogo({ name }: { name: string }) {
  const logo = useQuery(organizationLogoQuery());
  const [failed, setFailed] = useState(false);
  if (logo.data?.url && !failed) {
    return (
      <img src={logo.data.url} alt={name} className="h-4 max-w-24 object-contain" onError={() => setFailed(true)} />
    );
  }
  return <span>{name}</span>;
}
