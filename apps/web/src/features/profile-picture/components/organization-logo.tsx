import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { organizationLogoQuery } from "../api/get-organization-logo.ts";

/** The organization's logo when the session says one is set; its name otherwise or if it fails to load. */
export function OrganizationLogo({ name, hasLogo }: { name: string; hasLogo: boolean }) {
  const logo = useQuery({ ...organizationLogoQuery(), enabled: hasLogo });
  const [failed, setFailed] = useState(false);
  if (logo.data?.url && !failed) {
    return (
      <img src={logo.data.url} alt={name} className="h-4 max-w-24 object-contain" onError={() => setFailed(true)} />
    );
  }
  return <span>{name}</span>;
}
