import type { MaintenanceForm } from "@keyholder/contracts/maintenance";

/** The form's fields as drizzle column values. */
export const requestValues = (f: MaintenanceForm) => ({
  propertyId: f.property_id,
  buildingId: f.building_id,
  unitId: f.unit_id,
  zoneId: f.zone_id,
  category: f.category,
  priority: f.priority,
  title: f.title,
  description: f.description,
  permissionToEnter: f.permission_to_enter,
  petsPresent: f.pets_present,
  entryNotes: f.entry_notes,
  preferredTimes: f.preferred_times,
  channel: f.channel,
  leaseId: f.lease_id,
  tenantId: f.tenant_id,
});
