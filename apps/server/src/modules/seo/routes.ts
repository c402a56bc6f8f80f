import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { countSitemapProperties, listSitemapProperties, SITEMAP_MAX_URLS } from "./list-sitemap.ts";
import { siteOrigin } from "./site-origin.ts";

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

const SHORT_PUBLIC_CACHE = "public, max-age=3600";

/**
 * What search engines read (issue 14, item 7): robots.txt keeps them to the public pages, and the
 * sitemap lists every listed property's page (a sitemap index when there are more than one file's
 * 50,000). Only properties shown online are in it, by the same clauses as every public read.
 */
export default async function seoRoutes(app: FastifyInstance) {
  app.get("/robots.txt", async (request, reply) => {
    const origin = siteOrigin(request, app.env);
    reply.type("text/plain; charset=utf-8").header("cache-control", SHORT_PUBLIC_CACHE);
    return [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /workspace",
      "Disallow: /operator",
      "Disallow: /staff-onboarding",
      "Disallow: /resident",
      "Disallow: /vendor/",
      "Disallow: /reset-password",
      "Disallow: /verify-email",
      "Disallow: /properties/*/apply",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n");
  });

  app.get("/sitemap.xml", async (request, reply) => {
    const origin = siteOrigin(request, app.env);
    const page = z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .catch(0)
      .parse((request.query as { page?: string }).page);
    const total = await app.asSystem((tx) => countSitemapProperties(tx));
    const files = Math.ceil(total / SITEMAP_MAX_URLS);
    reply.type("application/xml; charset=utf-8").header("cache-control", SHORT_PUBLIC_CACHE);
    if (files > 1 && page === 0) {
      const entries = Array.from(
        { length: files },
        (_, i) => `  <sitemap><loc>${xmlEscape(`${origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
    }
    const properties = await app.asSystem((tx) => listSitemapProperties(tx, Math.max(page - 1, 0)));
    const urls = [
      ...(page <= 1
        ? [
            `  <url><loc>${xmlEscape(`${origin}/`)}</loc></url>`,
            `  <url><loc>${xmlEscape(`${origin}/properties`)}</loc></url>`,
          ]
        : []),
      ...properties.map(
        (p) =>
          `  <url><loc>${xmlEscape(`${origin}/properties/${encodeURIComponent(p.slug)}`)}</loc><lastmod>${p.lastModified}</lastmod></url>`,
      ),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  });
}
