/**
 * A job that cannot succeed however often it is tried (a report too large, a requester who may no
 * longer read it): it fails at once with this message, meant for the organization's users.
 */
export class JobRefusal extends Error {}
