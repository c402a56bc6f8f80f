import { createFileRoute, Link, redirect, useRouter } from "@tanstack/react-router";
import { z } from "zod";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { LoginForm } from "../../features/auth/components/login-form.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { safeRedirect } from "../../lib/safe-redirect.ts";

export const Route = createFileRoute("/_public/login")({
  validateSearch: z.object({ redirect: z.string().optional() }),
  beforeLoad: ({ context, search }) => {
    if (context.auth.get().isAuthenticated) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: LoginPage,
});

function LoginPage() {
  useDocumentTitle("Log in");
  const { redirect: target } = Route.useSearch();
  const router = useRouter();
  const navigate = Route.useNavigate();
  return (
    <AuthCard title="Log in to Keyholder">
      <LoginForm
        onSignedIn={() => {
          void router.invalidate();
          router.history.push(safeRedirect(target));
        }}
        onWaitlisted={() => navigate({ to: "/waitlist" })}
      />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        New to Keyholder?{" "}
        <Link to="/sign-up" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
