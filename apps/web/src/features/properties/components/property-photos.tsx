import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_MB } from "@keyholder/contracts/images";
import { MAX_PROPERTY_PHOTOS } from "@keyholder/contracts/property-photos";
import { useId } from "react";
import {
  Button as AriaButton,
  DropZone,
  FileTrigger,
  GridList,
  GridListItem,
  Text,
  useDragAndDrop,
} from "react-aria-components";
import { Alert } from "../../../components/ui/alert.tsx";
import { labelClass } from "../../../components/ui/field-styles.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { GalleryItem, PhotoGallery } from "../hooks/use-photo-gallery.ts";

const tileButton =
  "rounded-md bg-white/95 px-2 py-1 text-xs font-semibold text-slate-800 shadow-sm outline-none hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-40 dark:bg-slate-800/95 dark:text-slate-100 dark:hover:bg-slate-700";

const urlOf = (item: GalleryItem) => (item.kind === "stored" ? item.photo.image.url : item.preview);
const nameOf = (item: GalleryItem, index: number) => (item.kind === "pending" ? item.file.name : `Photo ${index + 1}`);

/**
 * The property's photo gallery in its editor (issue 12, item 3): photos added several at once by
 * picker or by dropping them, each with its upload's progress; reordered by dragging, by the keyboard
 * (the drag handle, or Move earlier/later), the first one the cover; removed one by one.
 */
export function PropertyPhotos({ gallery, propertyName }: { gallery: PhotoGallery; propertyName: string }) {
  const headingId = useId();
  const hintId = useId();
  const { items } = gallery;
  // While photos upload, the order waits for them (they take their places at the end).
  const canReorder = !gallery.uploading;
  // Always given to the list (its hooks must not come and go); switched off while photos upload.
  const { dragAndDropHooks } = useDragAndDrop({
    isDisabled: !canReorder,
    getItems: (keys) => [...keys].map((key) => ({ "text/plain": String(key) })),
    onReorder(e) {
      const target = items.findIndex((i) => i.key === e.target.key);
      const [key] = [...e.keys];
      if (key === undefined || target < 0) return;
      const from = items.findIndex((i) => i.key === key);
      const to =
        e.target.dropPosition === "before"
          ? from < target
            ? target - 1
            : target
          : from < target
            ? target
            : target + 1;
      gallery.move(String(key), to);
    },
  });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
        Photos
      </h3>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        The first photo is the cover: search results show it, and the public page shows them all in this order. Up to{" "}
        {MAX_PROPERTY_PHOTOS} photos: JPEG, PNG, GIF, SVG or WebP, {MAX_IMAGE_MB} MB each.
      </p>
      {gallery.problem ? <Alert>{gallery.problem}</Alert> : null}
      <DropZone
        aria-label="Drop photos here"
        getDropOperation={(types) => ([...ACCEPTED_IMAGE_TYPES].some((t) => types.has(t)) ? "copy" : "cancel")}
        onDrop={async (e) => {
          const files = await Promise.all(e.items.flatMap((item) => (item.kind === "file" ? [item.getFile()] : [])));
          gallery.addFiles(files);
        }}
        className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-5 text-sm text-slate-600 outline-none data-[drop-target]:border-brand-600 data-[drop-target]:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600 dark:text-slate-300 dark:data-[drop-target]:bg-slate-800"
      >
        <FileTrigger
          allowsMultiple
          acceptedFileTypes={[...ACCEPTED_IMAGE_TYPES]}
          onSelect={(list) => list && gallery.addFiles([...list])}
        >
          <AriaButton className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white outline-none hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900">
            Choose photos
          </AriaButton>
        </FileTrigger>
        <Text slot="label">or drop them here</Text>
      </DropZone>
      {gallery.loading ? <Spinner label="Loading photos" /> : null}
      {gallery.loadFailed ? <Alert>Failed to fetch images</Alert> : null}
      {items.length > 0 ? (
        <GridList
          aria-label={`Photos of ${propertyName || "the property"}`}
          aria-describedby={hintId}
          layout="grid"
          // Tab reaches each photo's buttons; the arrow keys move between photos.
          keyboardNavigationBehavior="tab"
          items={items}
          dragAndDropHooks={dragAndDropHooks}
          className="grid grid-cols-2 gap-3 outline-none sm:grid-cols-3 lg:grid-cols-4"
        >
          {(item) => {
            const index = items.indexOf(item);
            const name = nameOf(item, index);
            return (
              <GridListItem
                id={item.key}
                textValue={`${name}${index === 0 ? ", cover photo" : ""}`}
                className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-slate-100 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500 data-[dragging]:opacity-50 data-[drop-target]:ring-2 data-[drop-target]:ring-brand-600 dark:border-slate-700 dark:bg-slate-800"
              >
                <img
                  src={urlOf(item)}
                  alt={`${propertyName || "Property"}: ${name}`}
                  className="aspect-[3/2] w-full object-cover"
                />
                {index === 0 ? (
                  <span className="absolute top-2 left-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    Cover
                  </span>
                ) : null}
                {item.kind === "pending" && item.progress !== null ? (
                  <progress
                    aria-label={`Uploading ${name}`}
                    value={Math.round(item.progress * 100)}
                    max={100}
                    className="h-1.5 w-full accent-brand-700"
                  />
                ) : null}
                {item.kind === "pending" && item.error ? (
                  <p className="bg-red-50 px-2 py-1 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">
                    {name}: {item.error}
                  </p>
                ) : null}
                <div className="flex flex-wrap items-center gap-1 p-1.5">
                  <AriaButton slot="drag" aria-label={`Drag ${name}`} isDisabled={!canReorder} className={tileButton}>
                    ⠿
                  </AriaButton>
                  <AriaButton
                    aria-label={`Make ${name} the cover`}
                    isDisabled={!canReorder || index === 0}
                    onPress={() => gallery.move(item.key, 0)}
                    className={tileButton}
                  >
                    Cover
                  </AriaButton>
                  <AriaButton
                    aria-label={`Move ${name} earlier`}
                    isDisabled={!canReorder || index === 0}
                    onPress={() => gallery.move(item.key, index - 1)}
                    className={tileButton}
                  >
                    ←
                  </AriaButton>
                  <AriaButton
                    aria-label={`Move ${name} later`}
                    isDisabled={!canReorder || index === items.length - 1}
                    onPress={() => gallery.move(item.key, index + 1)}
                    className={tileButton}
                  >
                    →
                  </AriaButton>
                  <AriaButton
                    aria-label={`Remove ${name}`}
                    isDisabled={item.kind === "pending" && item.progress !== null}
                    onPress={() => void gallery.remove(item.key)}
                    className={`${tileButton} ml-auto text-red-700 dark:text-red-300`}
                  >
                    Remove
                  </AriaButton>
                </div>
              </GridListItem>
            );
          }}
        </GridList>
      ) : gallery.loading ? null : (
        <p className={labelClass}>No photos yet.</p>
      )}
    </section>
  );
}
