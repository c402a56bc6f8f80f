/** Spec section 9: dialogs stack from z-index 1000; a click brings one to the front. */
export const DIALOG_BASE_Z = 1000;

let order: string[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const dialogStack = {
  /** Puts the dialog on top (opening, or a click on it). */
  raise(id: string) {
    if (order.at(-1) === id) return;
    order = [...order.filter((d) => d !== id), id];
    emit();
  },
  remove(id: string) {
    if (!order.includes(id)) return;
    order = order.filter((d) => d !== id);
    emit();
  },
  zIndex: (id: string) => DIALOG_BASE_Z + Math.max(0, order.indexOf(id)),
  isTop: (id: string) => order.at(-1) === id,
  snapshot: () => order,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
