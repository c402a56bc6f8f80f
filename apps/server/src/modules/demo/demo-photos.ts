import { and, eq } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { properties, propertyImages } from "../../db/schema/index.ts";
import { normalizeImage } from "../../lib/images/normalize.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { MAX_SIDE, storeImage } from "../images/store-image.ts";

/** A drawn street scene: sky, sun, a building of `floors` x `bays` windows, trees. */
interface Scene {
  skyTop: string;
  skyBottom: string;
  sun: string;
  ground: string;
  facade: string;
  trim: string;
  glass: string;
  floors: number;
  bays: number;
}

const scenes: Scene[] = [
  {
    skyTop: "#7dd3fc",
    skyBottom: "#e0f2fe",
    sun: "#fde68a",
    ground: "#4d7c0f",
    facade: "#f5f5f4",
    trim: "#57534e",
    glass: "#38bdf8",
    floors: 3,
    bays: 6,
  },
  {
    skyTop: "#fb923c",
    skyBottom: "#fde68a",
    sun: "#fff7ed",
    ground: "#3f6212",
    facade: "#b45309",
    trim: "#451a03",
    glass: "#fde047",
    floors: 4,
    bays: 5,
  },
  {
    skyTop: "#1e3a8a",
    skyBottom: "#7c3aed",
    sun: "#f5f5f4",
    ground: "#14532d",
    facade: "#64748b",
    trim: "#0f172a",
    glass: "#facc15",
    floors: 5,
    bays: 4,
  },
  {
    skyTop: "#38bdf8",
    skyBottom: "#f0f9ff",
    sun: "#fef08a",
    ground: "#65a30d",
    facade: "#fecaca",
    trim: "#7f1d1d",
    glass: "#0ea5e9",
    floors: 2,
    bays: 7,
  },
  {
    skyTop: "#94a3b8",
    skyBottom: "#e2e8f0",
    sun: "#f8fafc",
    ground: "#166534",
    facade: "#e7e5e4",
    trim: "#1c1917",
    glass: "#67e8f9",
    floors: 6,
    bays: 5,
  },
  {
    skyTop: "#f472b6",
    skyBottom: "#fed7aa",
    sun: "#fffbeb",
    ground: "#4d7c0f",
    facade: "#d6d3d1",
    trim: "#44403c",
    glass: "#fbbf24",
    floors: 3,
    bays: 4,
  },
];

const WIDTH = 1200;
const HEIGHT = 800;
const GROUND = 640;

/** The scene as SVG; the image pipeline rasterizes it to WebP like any upload. */
export function sceneSvg(s: Scene, index: number) {
  const windowW = 56;
  const windowH = 64;
  const gapX = 34;
  const floorH = 92;
  const width = s.bays * (windowW + gapX) + gapX;
  const height = s.floors * floorH + 40;
  const left = (WIDTH - width) / 2;
  const top = GROUND - height;
  const doorW = 72;
  const doorX = WIDTH / 2 - doorW / 2;
  const windows: string[] = [];
  for (let f = 0; f < s.floors; f++) {
    for (let b = 0; b < s.bays; b++) {
      const x = left + gapX + b * (windowW + gapX);
      const y = top + 30 + f * floorH;
      // The ground floor leaves room for the door.
      if (f === s.floors - 1 && x < doorX + doorW && x + windowW > doorX) continue;
      const lit = (f * 7 + b * 3 + index) % 5 === 0;
      windows.push(
        `<rect x="${x}" y="${y}" width="${windowW}" height="${windowH}" rx="4" fill="${s.glass}" opacity="${lit ? 1 : 0.7}" stroke="${s.trim}" stroke-width="4"/>`,
      );
    }
  }
  const door = `<rect x="${doorX}" y="${GROUND - 96}" width="${doorW}" height="96" rx="6" fill="${s.trim}"/>`;
  const tree = (x: number, r: number) =>
    `<rect x="${x - 8}" y="${GROUND - 70}" width="16" height="70" fill="#713f12"/><circle cx="${x}" cy="${GROUND - 90 - r / 2}" r="${r}" fill="#15803d"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.skyTop}"/><stop offset="1" stop-color="${s.skyBottom}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
<circle cx="${index % 2 ? 1010 : 190}" cy="${130 + (index % 3) * 30}" r="70" fill="${s.sun}" opacity="0.9"/>
<rect y="${GROUND}" width="${WIDTH}" height="${HEIGHT - GROUND}" fill="${s.ground}"/>
<rect x="0" y="${GROUND + 60}" width="${WIDTH}" height="60" fill="#a8a29e"/>
<polygon points="${left - 20},${top} ${WIDTH / 2},${top - 70} ${left + width + 20},${top}" fill="${s.trim}"/>
<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="${s.facade}" stroke="${s.trim}" stroke-width="6"/>
${windows.join("\n")}
${door}
${tree(left - 90, 60)}
${tree(left + width + 90, 70)}
</svg>`;
}

/** Photos per listed property: enough for the gallery to page through and wrap. */
const PHOTOS_PER_PROPERTY = 3;

/**
 * Gives the demo organization's properties shown online a few photos (drawn scenes, stored through
 * the same pipeline and storage as uploads), so its public pages show what a real listing shows.
 * Each scene is stored once and shared by the properties it illustrates.
 */
export async function addDemoPhotos(db: Database, storage: Storage, o: { orgId: string; adminUserId: number }) {
  await asSystem(db, async (tx) => {
    const stored: number[] = [];
    for (const [i, scene] of scenes.entries()) {
      const image = await storeImage(tx, storage, {
        orgId: o.orgId,
        userId: o.adminUserId,
        kind: "property",
        // Our own drawings: normalized in this process, without the upload worker.
        image: await normalizeImage(Buffer.from(sceneSvg(scene, i)), MAX_SIDE.property),
      });
      stored.push(image.id);
    }
    const listed = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.organizationId, o.orgId), eq(properties.showPropertyOnline, true)))
      .orderBy(properties.name, properties.id);
    const rows = listed.flatMap((p, i) =>
      Array.from({ length: PHOTOS_PER_PROPERTY }, (_, k) => ({
        organizationId: o.orgId,
        propertyId: p.id,
        imageId: stored[(i + k) % stored.length] ?? 0,
        displayOrder: k + 1,
        createdBy: o.adminUserId,
        lastModifiedBy: o.adminUserId,
      })),
    );
    if (rows.length) await tx.insert(propertyImages).values(rows);
  });
}
