import type { FileRoutesById } from "../../routeTree.gen.ts";

/** The public pages by route id: a new one does not compile until it is described here. */
type PublicRouteId = Extract<keyof FileRoutesById, `/_public/${string}`>;

/**
 * What each public page says of itself to search engines, link previews and the browser, each its
 * own. A page that knows more (a listing, a search, the apply form) describes itself with its data,
 * over these; theirs here are for while it has none (a listing that is gone).
 */
export const PUBLIC_PAGE_DESCRIPTIONS: Record<PublicRouteId, string> = {
  "/_public/":
    "Keyholder: property management for landlords and property managers, and homes for rent with online applications.",
  "/_public/properties/":
    "Find homes for rent near you on Keyholder: search by ZIP code or your location, compare rents, floor plans and availability, and apply online.",
  "/_public/properties/$slug/":
    "This listing is not shown online any more. Find other homes for rent near you on Keyholder.",
  "/_public/properties/$slug/apply":
    "This property is not taking applications online. Find other homes for rent near you on Keyholder.",
  "/_public/login": "Log in to Keyholder to manage your properties, buildings, units and team.",
  "/_public/sign-up":
    "Create a Keyholder account for your organization: properties, units, staff and online listings in one workspace.",
  "/_public/forgot-password":
    "Forgot your Keyholder password? Enter your email address and we send you a link to choose a new one.",
  "/_public/reset-password": "Choose a new password for your Keyholder account with the link we emailed you.",
  "/_public/terms": "The terms of service of Keyholder, the property management workspace and its public listings.",
  "/_public/waitlist":
    "Your organization is on the Keyholder waitlist: we email you as soon as your account is approved.",
  "/_public/staff-onboarding": "Join your team on Keyholder: accept your invitation and create your account.",
  "/_public/verify-email": "Confirm the email address of your Keyholder account with the link we emailed you.",
};

/** The not-found page, wherever an address finds nothing. */
export const NOT_FOUND_DESCRIPTION =
  "There is no page at this address on Keyholder. Find homes for rent near you, or go back to the start.";

export const isPublicRouteId = (id: string): id is PublicRouteId => id in PUBLIC_PAGE_DESCRIPTIONS;
