import { createContext, type ReactNode, type Ref, useContext, useMemo, useState } from "react";

/**
 * Where dialogs open (issue 15, item 7). In the workspace they open over the part of the page they
 * belong to and never over the tab strip: a table's dialogs over its tab's content (hidden with the
 * tab, shown again with it), the workspace's own (Account, Settings) over the area below the tabs.
 * Outside any area (public pages) a dialog opens over the whole window.
 */
interface Area {
  /** The element dialogs are put in; null until it is on the page. */
  layer: HTMLElement | null;
}

const DialogAreaContext = createContext<Area | null>(null);

/** The area a dialog opens in: undefined outside any (the whole window), else its layer (null until mounted). */
export function useDialogLayer(): HTMLElement | null | undefined {
  const area = useContext(DialogAreaContext);
  return area === null ? undefined : area.layer;
}

/** Makes `layer` the place where the dialogs of everything inside open. */
export function DialogAreaProvider({ layer, children }: { layer: HTMLElement | null; children: ReactNode }) {
  const area = useMemo(() => ({ layer }), [layer]);
  return <DialogAreaContext.Provider value={area}>{children}</DialogAreaContext.Provider>;
}

/** The element dialogs are put in: over its positioned parent, letting clicks through to what is under it. */
export function DialogLayer({ ref }: { ref: Ref<HTMLDivElement> }) {
  return <div ref={ref} data-dialog-layer className="pointer-events-none absolute inset-0" />;
}

/** A part of the page whose dialogs open over it alone (one workspace tab's content). */
export function DialogArea({ className, children }: { className: string; children: ReactNode }) {
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  return (
    <div className={`relative ${className}`}>
      <DialogAreaProvider layer={layer}>{children}</DialogAreaProvider>
      <DialogLayer ref={setLayer} />
    </div>
  );
}
