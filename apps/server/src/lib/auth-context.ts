/** Who is asking: read from the session cookie by the auth plugin, set on every request. */
export interface AuthContext {
  tokenHash: string;
  userId: number;
  orgId: string;
  isOperator: boolean;
  roleName: string;
  /** The role as people read it ("Property Manager"). */
  roleLabel: string;
  /** The properties the user works on, or null for all of them (decision 019). */
  propertyIds: readonly string[] | null;
  /** An administrator who must turn on two-factor sign-in before working (decision 020). */
  twoFactorSetupRequired: boolean;
  /**
   * The administrator viewing the workspace as this user ("View as"), or null: the session is then
   * read-only.
   */
  viewer: number | null;
  /** Joined as staff, not yet approved: only their session and sign-out answer them. */
  awaitingApproval: boolean;
  expiresAt: string;
}
