export * from "./accounts.ts";
export * from "./audit.ts";
export { appRole } from "./common.ts";
export * from "./images.ts";
export * from "./mail.ts";
export * from "./organizations.ts";
export * from "./properties.ts";
export * from "./reference.ts";
export * from "./staff.ts";
