import type { FastifyReply, FastifyRequest } from "fastify";
import { awaitingApproval, forbidden, unauthenticated } from "./http-error.ts";

/** preHandler for routes that need a signed-in user. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.auth) throw unauthenticated();
  if (request.auth.awaitingApproval) throw awaitingApproval();
}

/** preHandler for the platform operator's routes. */
export async function requireOperator(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.auth) throw unauthenticated();
  if (!request.auth.isOperator) throw forbidden("Only the platform operator can do this");
}
