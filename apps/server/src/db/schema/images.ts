import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";
import { properties } from "./properties.ts";

const org = () => organizationId().references(() => organizations.id, { onDelete: "cascade" });

/** A stored, normalized image (WebP). The bytes live in the storage backend under storage_key. */
export const images = pgTable(
  "images",
  {
    organizationId: org(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    /**
     * The image's name in the API and its URLs (random, 122 bits): the id above counts up across
     * every organization, so it would tell how many images there are and where to look next.
     */
    publicId: uuid("public_id").notNull().defaultRandom(),
    /** property | profile | logo */
    kind: text("kind").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("images_public_id_key").on(t.organizationId, t.publicId),
    tenantPolicy(),
  ],
);

export const propertyImages = pgTable(
  "property_images",
  {
    organizationId: org(),
    propertyId: uuid("property_id").notNull(),
    imageId: bigint("image_id", { mode: "number" }).notNull(),
    displayOrder: integer("display_order").notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.propertyId, t.imageId] }),
    // The galleries an image is in: the property scope of an image (migration 0027) and the cascade.
    index("property_images_image_idx").on(t.organizationId, t.imageId),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.organizationId, t.imageId], foreignColumns: [images.organizationId, images.id] }).onDelete(
      "cascade",
    ),
    tenantPolicy(),
  ],
);

export const profilePictures = pgTable(
  "profile_pictures",
  {
    organizationId: org(),
    userId: integer("user_id").notNull(),
    imageId: bigint("image_id", { mode: "number" }).notNull(),
    isDefault: boolean("is_default").notNull().default(true),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.imageId] }),
    index("profile_pictures_user_idx").on(t.organizationId, t.userId, t.isDefault),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.organizationId, t.imageId], foreignColumns: [images.organizationId, images.id] }).onDelete(
      "cascade",
    ),
    tenantPolicy(),
  ],
);

export const organizationLogos = pgTable(
  "organization_logos",
  {
    organizationId: org(),
    imageId: bigint("image_id", { mode: "number" }).notNull(),
    isDefault: boolean("is_default").notNull().default(true),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.imageId] }),
    foreignKey({ columns: [t.organizationId, t.imageId], foreignColumns: [images.organizationId, images.id] }).onDelete(
      "cascade",
    ),
    tenantPolicy(),
  ],
);
