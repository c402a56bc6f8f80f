-- Images are named in the API by a random public id: the identity counts up
-- across every organization, so an image's URL told how many there are and which to try next.
-- The volatile default gives every existing image its own value as the column is added, so the
-- images already stored keep working under their new addresses.
ALTER TABLE "images" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "images_public_id_key" ON "images" USING btree ("organization_id","public_id");--> statement-breakpoint
-- The galleries an image is in, for the scope check below and the cascade when an image goes.
CREATE INDEX "property_images_image_idx" ON "property_images" USING btree ("organization_id","image_id");--> statement-breakpoint
-- Decision 019 hid other properties' gallery rows (property_images) from a user who works on some
-- properties, but not the images themselves, so GET /images/{id} served another property's photos.
-- A property photo is theirs when a gallery of one of their properties shows it (a drawn demo scene
-- may illustrate several properties). The galleries are read as the tables' owner, since the
-- caller cannot see the rows that would tell an image of another property from an image of none:
-- one not yet in any gallery is the one being uploaded, in the same transaction.
CREATE FUNCTION image_in_property_scope(org uuid, image bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT NOT EXISTS (SELECT 1 FROM property_images pi WHERE pi.organization_id = org AND pi.image_id = image)
      OR EXISTS (SELECT 1 FROM property_images pi WHERE pi.organization_id = org AND pi.image_id = image
        AND pi.property_id = ANY ((SELECT nullif(current_setting('app.property_ids', true), '')::uuid[])::uuid[]))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION image_in_property_scope(uuid, bigint) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION image_in_property_scope(uuid, bigint) TO keyholder_app;--> statement-breakpoint
-- Profile pictures and logos are every user's of the organization.
CREATE POLICY "property_scope" ON "images" AS RESTRICTIVE FOR ALL TO keyholder_scoped
  USING ("kind" <> 'property' OR image_in_property_scope("organization_id", "id"))
  WITH CHECK ("kind" <> 'property' OR image_in_property_scope("organization_id", "id"));
