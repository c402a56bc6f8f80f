import type { Permission } from "@keyholder/contracts/permissions";

/**
 * Who may call each /api/v1 route (issue 13, item 4): anyone (`public`), any signed-in user of the
 * organization (`signed-in`: their own account, pictures, images), the platform operator
 * (`operator`), or users whose role has a permission. A route missing here stops the app at boot,
 * so no endpoint is added without deciding who may call it; the permissions test walks this list.
 */
export type RouteRule = "public" | "signed-in" | "operator" | Permission;

export const ROUTE_RULES: Record<string, RouteRule> = {
  // Signing up, in and out; an invitation as its invitee meets it; the public site.
  "POST /auth/create-account": "public",
  "POST /auth/login": "public",
  "POST /auth/staff-signup": "public",
  "POST /auth/staff-login": "public",
  "POST /auth/logout": "public",
  "GET /auth/session": "public",
  "GET /auth/exists": "public",
  "GET /auth/check-organization-name": "public",
  "POST /auth/forgot-password": "public",
  "POST /auth/reset-password": "public",
  "GET /property-types": "public",
  "GET /us-states": "public",
  "GET /public/properties": "public",
  "GET /public/areas": "public",
  "GET /public/zipcodes/nearest": "public",
  "GET /public/properties/by-slug/:slug": "public",
  "GET /public/properties/:id/images": "public",
  "GET /public/properties/:id/images/:imageId": "public",
  "POST /client-errors": "public",
  "GET /staff/invite/verify-invite": "public",
  "POST /staff/invite/request-new-link": "public",

  // One's own account, pictures and the organization's look.
  "GET /images/:id": "signed-in",
  "GET /users/:userId/profile-pictures/default": "signed-in",
  "POST /users/:userId/profile-pictures": "signed-in",
  "GET /organization-logos/default": "signed-in",
  "POST /organization-logos": "organization.manage",
  "PATCH /account/profile": "signed-in",
  "POST /account/password": "signed-in",
  "GET /account/sessions": "signed-in",
  "DELETE /account/sessions": "signed-in",
  "DELETE /account/sessions/:id": "signed-in",
  "GET /get-started": "signed-in",

  // The platform operator.
  "GET /operator/waitlist": "operator",
  "POST /operator/waitlist/:id/approve": "operator",
  "POST /operator/waitlist/:id/reject": "operator",
  "GET /operator/outbox": "operator",

  // Records: reading.
  "GET /properties/details": "records.view",
  "GET /properties/:id": "records.view",
  "GET /properties/:id/dependants": "records.view",
  "GET /properties/:id/history": "records.view",
  "GET /properties/search": "records.view",
  "GET /properties/:id/overview": "records.view",
  "GET /properties/:id/photos": "records.view",
  "GET /properties/:id/zones": "records.view",
  "GET /properties/get-id-name": "records.view",
  "GET /buildings/details": "records.view",
  "GET /buildings/:id": "records.view",
  "GET /buildings/:id/history": "records.view",
  "GET /building-types": "records.view",
  "GET /floor-plans": "records.view",
  "GET /floor-plans/:id": "records.view",
  "GET /floor-plans/:id/history": "records.view",
  "GET /units": "records.view",
  "GET /units/:unit_id": "records.view",
  "GET /units/:unit_id/history": "records.view",
  "GET /zones": "records.view",
  "GET /zones/:id": "records.view",
  "GET /zones/:id/history": "records.view",
  "GET /zones/:id/overview": "records.view",
  "GET /buildings/get-id-name-by-property-id": "records.view",
  "GET /buildings/count-by-property": "records.view",
  "GET /floor-plans/get-id-name-by-property-id": "records.view",
  "GET /floor-plans/count-by-property": "records.view",
  "GET /units/get-id-name-by-property-id": "records.view",
  "GET /units/count-by-property": "records.view",
  "GET /units/get-id-name-by-building-id": "records.view",
  "GET /units/count-by-building": "records.view",
  "GET /zones/get-id-name-by-property-id": "records.view",
  "GET /zones/count-by-property": "records.view",
  "GET /zipcodes/:zipcode": "records.view",
  "GET /people": "records.view",

  // Records: adding and editing.
  "PUT /properties/:id": "records.edit",
  "POST /properties/:id/photos": "records.edit",
  "PUT /properties/:id/photos/order": "records.edit",
  "DELETE /properties/:id/photos/:imageId": "records.edit",
  "POST /buildings": "records.edit",
  "PUT /buildings/:id": "records.edit",
  "POST /floor-plans": "records.edit",
  "PUT /floor-plans/:id": "records.edit",
  "POST /units": "records.edit",
  "PUT /units/:unit_id": "records.edit",
  "POST /zones": "records.edit",
  "PUT /zones/:id": "records.edit",

  // Records: deleting (and undoing a delete).
  "DELETE /buildings/:id": "records.delete",
  "POST /buildings/delete": "records.delete",
  "POST /buildings/restore": "records.delete",
  "DELETE /floor-plans/:id": "records.delete",
  "POST /floor-plans/delete": "records.delete",
  "POST /floor-plans/restore": "records.delete",
  "DELETE /units/:unit_id": "records.delete",
  "POST /units/delete": "records.delete",
  "POST /units/restore": "records.delete",
  "DELETE /zones/:id": "records.delete",
  "POST /zones/delete": "records.delete",
  "POST /zones/restore": "records.delete",

  // Properties as a whole.
  "POST /properties/with-address": "properties.create",
  "DELETE /properties/:id": "properties.delete",

  // Staff.
  "GET /staff/details": "staff.view",
  "GET /staff/:id": "staff.view",
  "GET /staff/:id/history": "staff.view",
  "POST /staff": "staff.invite",
  "POST /staff/:id/resend-invitation": "staff.invite",
  "PUT /staff/:id": "staff.manage",
  "DELETE /staff/:id": "staff.manage",
  "POST /staff/:id/approve": "staff.manage",

  // Users.
  "GET /users/details": "users.manage",
  "GET /users/:userId": "users.manage",
  "PATCH /users/:userId": "users.manage",
  "POST /users/:userId/sign-out": "users.manage",
  "POST /users/:userId/reset-two-factor": "users.manage",
  "GET /users/:userId/history": "users.manage",
  "GET /users/:userId/properties": "users.manage",
  "PUT /users/:userId/properties": "users.manage",
};
