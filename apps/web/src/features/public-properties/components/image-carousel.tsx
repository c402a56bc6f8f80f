import { type PublicPropertyImage, publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { propertyImagesQuery } from "../api/get-property-images.ts";

const arrowButton =
  "flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow outline-none hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-slate-800/90 dark:text-slate-100 dark:hover:bg-slate-700";

/** A property's photos (spec: a carousel that wraps around at both ends). */
export function ImageCarousel({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const query = useQuery(propertyImagesQuery(propertyId));
  if (query.isPending) return <Spinner label="Loading images" />;
  if (query.isError) return <Alert>{publicPropertyMessages.imagesFailed}</Alert>;
  if (query.data.length === 0) {
    return (
      <div className="flex items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white py-16 text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
        {publicPropertyMessages.noImages}
      </div>
    );
  }
  return <Slides images={query.data} propertyName={propertyName} />;
}

/**
 * WAI-ARIA carousel pattern: a labelled region, one slide shown, Previous/Next buttons that wrap,
 * and the Left/Right arrow keys while any of its controls has focus. The position is announced
 * politely.
 */
function Slides({ images, propertyName }: { images: PublicPropertyImage[]; propertyName: string }) {
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const count = images.length;
  const at = Math.min(index, count - 1);
  const current = images[at];
  const go = (step: number) => setIndex((i) => (((i + step) % count) + count) % count);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      go(e.key === "ArrowLeft" ? -1 : 1);
    }
  }

  if (!current) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${propertyName}`}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3"
    >
      <div className="relative">
        <figure
          aria-roledescription="slide"
          aria-label={`${at + 1} of ${count}`}
          className="flex aspect-[3/2] items-center justify-center overflow-hidden rounded-xl bg-slate-200 dark:bg-slate-800"
        >
          {broken.has(current.image_id) ? (
            <p className="text-slate-500 dark:text-slate-400">{publicPropertyMessages.imageNotFound}</p>
          ) : (
            <img
              key={current.image_id}
              src={current.image.url}
              width={current.image.width}
              height={current.image.height}
              alt={`${propertyName} (${at + 1} of ${count})`}
              onError={() => setBroken((b) => new Set(b).add(current.image_id))}
              className="h-full w-full object-contain"
            />
          )}
        </figure>
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous image"
              onClick={() => go(-1)}
              className={`${arrowButton} absolute top-1/2 left-3 -translate-y-1/2`}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth="2">
                <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            <button
              type="button"
              aria-label="Next image"
              onClick={() => go(1)}
              className={`${arrowButton} absolute top-1/2 right-3 -translate-y-1/2`}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth="2">
                <path d="M9 5l7 7-7 7" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="flex items-center justify-between gap-3">
          <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
            Image {at + 1} of {count}
          </p>
          <div className="flex flex-wrap">
            {images.map((image, i) => (
              // A 24 px target (WCAG 2.2 target size) around a small dot.
              <button
                key={image.image_id}
                type="button"
                aria-label={`Show image ${i + 1}`}
                aria-current={i === at ? "true" : undefined}
                onClick={() => setIndex(i)}
                className="group flex h-6 w-6 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <span
                  className={`h-2.5 w-2.5 rounded-full ${
                    i === at
                      ? "bg-brand-700 dark:bg-brand-500"
                      : "bg-slate-500 group-hover:bg-slate-600 dark:bg-slate-500 dark:group-hover:bg-slate-400"
                  }`}
                />
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
