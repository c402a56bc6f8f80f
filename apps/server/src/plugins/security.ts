import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { servedOverHttps } from "../env.ts";

/**
 * Security headers on every answer. The CSP allows no inline script; style attributes are allowed
 * because React and react-aria position overlays with them. HSTS only on answers that went out over
 * HTTPS (the proxy's X-Forwarded-Proto), since a browser would otherwise pin plain-HTTP localhost.
 */
const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

export default fp(
  async function security(app: FastifyInstance) {
    const https = servedOverHttps(app.env);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", "data:"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Per answer below: HSTS on a plain-HTTP answer is meaningless at best.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook("onSend", async (request, reply) => {
      // No browser feature the app does not use; location only for "homes near me" on our own pages.
      reply.header("permissions-policy", PERMISSIONS_POLICY);
      // An API answer is private unless its route says otherwise (public listings, image bytes):
      // nothing signed-in may stay in a shared or back-button cache.
      if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control"))
        reply.header("cache-control", "no-store");
    });
    if (https) {
      app.addHook("onSend", async (request, reply) => {
        if (request.protocol === "https")
          reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
      });
    }
  },
  { name: "security" },
);
