import { PRODUCT_NAME } from "../../../components/layout/wordmark.tsx";

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
      © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
    </footer>
  );
}
