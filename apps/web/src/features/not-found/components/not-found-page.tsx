import { Link } from "@tanstack/react-router";

/** Any unknown path. The swaying kelp is decoration only. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center dark:bg-slate-950 dark:text-slate-100">
      <svg aria-hidden="true" viewBox="0 0 120 120" className="h-40 w-40">
        <title>Kelp</title>
        <rect x="0" y="100" width="120" height="20" rx="4" className="fill-amber-200 dark:fill-amber-900" />
        {[30, 60, 90].map((x, i) => (
          <path
            key={x}
            d={`M${x} 104 C ${x - 14} 80, ${x + 14} 60, ${x} 36 C ${x - 10} 24, ${x + 6} 14, ${x} 6`}
            className="origin-bottom animate-[sway_3s_ease-in-out_infinite] fill-none stroke-emerald-600"
            style={{ animationDelay: `${i * 0.4}s`, transformBox: "fill-box" }}
            strokeWidth="6"
            strokeLinecap="round"
          />
        ))}
      </svg>
      <h1 className="text-3xl font-bold">Kelp! We're lost at sea</h1>
      <p className="text-slate-600 dark:text-slate-300">This route does not exist.</p>
      <p className="text-xs text-slate-400">(custom artwork coming soon)</p>
      <Link to="/" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Back to the start
      </Link>
    </main>
  );
}
