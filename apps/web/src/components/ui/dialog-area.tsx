import { createContext, type ReactNode, type Ref, useContext, useEffect, useMemo, useRef, useState } from "react";
import { UnsavedChangesContext, useUnsavedParts } from "../../lib/unsaved-changes.ts";

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

/**
 * A part of the page whose dialogs open over it alone (one workspace tab's content). It tells
 * `onUnsavedChange` whether any of its dialogs holds unsaved changes, and keeps telling it so while
 * it is in the background (`isActive` false), so closing the tab can ask first.
 */
export function DialogArea({
  className,
  isActive = true,
  onUnsavedChange,
  children,
}: {
  className: string;
  isActive?: boolean;
  onUnsavedChange?: (unsaved: boolean) => void;
  children: ReactNode;
}) {
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const { unsaved, report } = useUnsavedParts({ frozen: !isActive });
  const tell = useRef(onUnsavedChange);
  tell.current = onUnsavedChange;
  useEffect(() => tell.current?.(unsaved), [unsaved]);
  return (
    <div className={`relative ${className}`}>
      <UnsavedChangesContext.Provider value={report}>
        <DialogAreaProvider layer={layer}>{children}</DialogAreaProvider>
      </UnsavedChangesContext.Provider>
      <DialogLayer ref={setLayer} />
    </div>
  );
}
