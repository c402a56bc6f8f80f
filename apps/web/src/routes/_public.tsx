import { createFileRoute, Outlet } from "@tanstack/react-router";
import { PublicFooter } from "../features/public-site/components/public-footer.tsx";
import { PublicHeader } from "../features/public-site/components/public-header.tsx";

export const Route = createFileRoute("/_public")({
  component: PublicLayout,
});

function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <PublicHeader />
      <main className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
