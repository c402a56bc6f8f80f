import { createHash } from "node:crypto";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { createTestApp } from "../../test/test-app.ts";
import { signedInOrganization } from "../../test/test-app.ts";
import { asSystem } from "../db/client.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Every name the victim organization owns carries this word; no answer to anyone else may. */
export const VICTIM_MARK = /victim/i;

/**
 * The organization under attack: demo data renamed so that every name carries VICTIM_MARK, nothing
 * listed publicly, a logo and a profile picture uploaded, and the ids an attacker would try.
 */
export async function prepareVictim(t: TestApp) {
  const victim = await signedInOrganization(t, "Victim", { scale: 300 });
  const org = victim.orgId;
  await asSystem(t.db, async (tx) => {
    await tx.execute(sql`update properties set name = 'VICTIM property ' || id, show_property_online = false,
      property_slug = 'victim-' || id where organization_id = ${org}`);
    await tx.execute(sql`update buildings set name = 'VICTIM building ' || id where organization_id = ${org}`);
    await tx.execute(sql`update floor_plans set plan_name = 'VICTIM plan ' || id where organization_id = ${org}`);
    await tx.execute(sql`update zones set name = 'VICTIM zone ' || id where organization_id = ${org}`);
    await tx.execute(sql`update units set unit_number = 'VICTIM unit ' || unit_id where organization_id = ${org}`);
  });
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#7c2d12" } })
    .png()
    .toBuffer();
  let imageId = "";
  for (const [url, field] of [
    ["/api/v1/organization-logos", "logo"],
    [`/api/v1/users/${victim.adminUserId}/profile-pictures`, "picture"],
  ] as const) {
    const res = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "multipart/form-data; boundary=v", [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: victim.cookie },
      payload: Buffer.concat([
        Buffer.from(
          `--v\r\nContent-Disposition: form-data; name="${field}"; filename="v.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from("\r\n--v--\r\n"),
      ]),
    });
    if (res.statusCode !== 201) throw new Error(`victim upload failed: ${res.statusCode} ${res.body}`);
    imageId = res.json().image_id;
  }
  const one = async <T>(query: ReturnType<typeof sql>) => rows<T>(await asSystem(t.db, (tx) => tx.execute(query)))[0];
  const property = await one<{ id: string; slug: string }>(
    sql`select id, property_slug as slug from properties where organization_id = ${org} order by id limit 1`,
  );
  const building = await one<{ id: number }>(
    sql`select id from buildings where organization_id = ${org} order by id limit 1`,
  );
  const plan = await one<{ id: number }>(
    sql`select id from floor_plans where organization_id = ${org} order by id limit 1`,
  );
  const zone = await one<{ id: number }>(sql`select id from zones where organization_id = ${org} order by id limit 1`);
  const unit = await one<{ id: number }>(
    sql`select unit_id::int as id from units where organization_id = ${org} order by unit_id limit 1`,
  );
  const session = await one<{ hash: string }>(
    sql`select token_hash as hash from sessions where organization_id = ${org} limit 1`,
  );
  if (!property || !building || !plan || !zone || !unit || !session) throw new Error("victim data missing");
  return {
    ...victim,
    ids: {
      orgId: org,
      userId: victim.adminUserId,
      propertyId: property.id,
      slug: property.slug,
      buildingId: building.id,
      floorPlanId: plan.id,
      zoneId: zone.id,
      unitId: unit.id,
      imageId,
      sessionHash: session.hash,
    },
  };
}

export type Victim = Awaited<ReturnType<typeof prepareVictim>>;

/** Everything of the victim an attacker might change, as one hash (last-seen times left out). */
export async function fingerprint(t: TestApp, orgId: string) {
  const tables = [
    sql`select * from organizations where id = ${orgId}`,
    sql`select organization_id, id, person_id, role_id, username, password_hash, enabled, locked, is_operator, waitlisted, banned from users where organization_id = ${orgId}`,
    sql`select * from properties where organization_id = ${orgId}`,
    sql`select * from addresses where organization_id = ${orgId}`,
    sql`select * from buildings where organization_id = ${orgId}`,
    sql`select * from floor_plans where organization_id = ${orgId}`,
    sql`select * from zones where organization_id = ${orgId}`,
    sql`select * from units where organization_id = ${orgId}`,
    sql`select * from images where organization_id = ${orgId}`,
    sql`select * from organization_logos where organization_id = ${orgId}`,
    sql`select * from profile_pictures where organization_id = ${orgId}`,
    sql`select token_hash, expires_at from sessions where organization_id = ${orgId}`,
    sql`select count(*) from audit_log where organization_id = ${orgId}`,
  ];
  const hash = createHash("sha256");
  for (const query of tables) {
    const result = rows<Record<string, unknown>>(await asSystem(t.db, (tx) => tx.execute(query)));
    hash.update(JSON.stringify(result.map((r) => JSON.stringify(r)).sort()));
  }
  return hash.digest("hex");
}
