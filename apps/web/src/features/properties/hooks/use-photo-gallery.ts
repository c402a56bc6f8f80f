import { ACCEPTED_IMAGE_TYPES, imageMessages, MAX_IMAGE_BYTES } from "@keyholder/contracts/images";
import { MAX_PROPERTY_PHOTOS, type PropertyPhoto, propertyPhotoMessages } from "@keyholder/contracts/property-photos";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import {
  deletePropertyPhoto,
  orderPropertyPhotos,
  propertyPhotosQuery,
  uploadPropertyPhoto,
} from "../api/property-photos.ts";

/** A photo in the gallery: one the property has, or a file on its way (or refused). */
export type GalleryItem =
  | { key: string; kind: "stored"; photo: PropertyPhoto }
  | { key: string; kind: "pending"; file: File; preview: string; progress: number | null; error: string | null };

const storedKey = (p: PropertyPhoto) => `photo-${p.image_id}`;
let next = 0;

/** Why the browser's own checks refuse a file before it is sent; the server checks again. */
function refusal(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return imageMessages.unsupported;
  if (file.size > MAX_IMAGE_BYTES) return imageMessages.tooLarge;
  return null;
}

const failure = (err: unknown) =>
  err instanceof ApiError ? err.message : err instanceof Error ? err.message : propertyPhotoMessages.uploadFailed;

/**
 * A property's photo gallery as the editor manages it (issue 12, item 3). With a property, photos
 * upload at once (one after the other, each with its progress) and every reorder, cover choice and
 * removal is saved as it happens. Without one yet (a property being added), the photos wait here in
 * their order and go up when `commit` is given the new property's id.
 */
export function usePhotoGallery(propertyId: string | null) {
  const queryClient = useQueryClient();
  const stored = useQuery({ ...propertyPhotosQuery(propertyId ?? ""), enabled: propertyId !== null });
  const [items, setItems] = useState<GalleryItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  // The stored photos as the server has them, whenever they (re)load; files on their way stay after them.
  useEffect(() => {
    if (!stored.data) return;
    setItems((current) => [
      ...stored.data.map((photo): GalleryItem => ({ key: storedKey(photo), kind: "stored", photo })),
      ...current.filter((i) => i.kind === "pending"),
    ]);
  }, [stored.data]);

  // Previews are object URLs: let them go with the gallery.
  useEffect(
    () => () => {
      for (const i of itemsRef.current) if (i.kind === "pending") URL.revokeObjectURL(i.preview);
    },
    [],
  );

  const update = (key: string, change: Partial<Extract<GalleryItem, { kind: "pending" }>>) =>
    setItems((all) => all.map((i) => (i.key === key && i.kind === "pending" ? { ...i, ...change } : i)));

  /** Uploads the waiting files, in gallery order, to `id`; answers how many could not go. */
  const uploadWaiting = async (id: string) => {
    setUploading(true);
    let failed = 0;
    for (const item of itemsRef.current) {
      if (item.kind !== "pending" || item.error) continue;
      update(item.key, { progress: 0 });
      try {
        const photo = await uploadPropertyPhoto(id, item.file, (sent) => update(item.key, { progress: sent }));
        URL.revokeObjectURL(item.preview);
        setItems((all) =>
          all.map((i): GalleryItem => (i.key === item.key ? { key: storedKey(photo), kind: "stored", photo } : i)),
        );
      } catch (err) {
        failed += 1;
        update(item.key, { progress: null, error: failure(err) });
      }
    }
    setUploading(false);
    await queryClient.invalidateQueries({ queryKey: propertyPhotosQuery(id).queryKey });
    return failed;
  };

  const addFiles = (files: File[]) => {
    setProblem(null);
    const room = MAX_PROPERTY_PHOTOS - itemsRef.current.filter((i) => !(i.kind === "pending" && i.error)).length;
    if (files.length > room) setProblem(propertyPhotoMessages.tooMany);
    const added = files.slice(0, Math.max(0, room)).map(
      (file): GalleryItem => ({
        key: `file-${next++}`,
        kind: "pending",
        file,
        preview: URL.createObjectURL(file),
        progress: null,
        error: refusal(file),
      }),
    );
    itemsRef.current = [...itemsRef.current, ...added];
    setItems(itemsRef.current);
    if (propertyId) void uploadWaiting(propertyId);
  };

  /** Saves the stored photos' order; a refusal puts the server's order back. */
  const saveOrder = async (order: GalleryItem[]) => {
    if (!propertyId) return;
    const ids = order.flatMap((i) => (i.kind === "stored" ? [i.photo.image_id] : []));
    try {
      const photos = await orderPropertyPhotos(propertyId, ids);
      queryClient.setQueryData(propertyPhotosQuery(propertyId).queryKey, photos);
    } catch (err) {
      setProblem(failure(err));
      await stored.refetch();
    }
  };

  /** Moves the photo `key` to position `to` of the gallery (0 is the cover). */
  const move = (key: string, to: number) => {
    const from = itemsRef.current.findIndex((i) => i.key === key);
    if (from < 0 || to < 0 || to >= itemsRef.current.length || from === to) return;
    const order = [...itemsRef.current];
    const [item] = order.splice(from, 1);
    if (item) order.splice(to, 0, item);
    itemsRef.current = order;
    setItems(order);
    setProblem(null);
    void saveOrder(order);
  };

  const remove = async (key: string) => {
    const item = itemsRef.current.find((i) => i.key === key);
    if (!item) return;
    setProblem(null);
    if (item.kind === "pending") URL.revokeObjectURL(item.preview);
    itemsRef.current = itemsRef.current.filter((i) => i.key !== key);
    setItems(itemsRef.current);
    if (item.kind === "stored" && propertyId) {
      try {
        await deletePropertyPhoto(propertyId, item.photo);
      } catch (err) {
        setProblem(failure(err));
      }
      await stored.refetch();
    }
  };

  return {
    items,
    problem,
    /** Uploads are under way: the order waits for them (they take their places at the end). */
    uploading,
    loading: propertyId !== null && stored.isPending,
    loadFailed: stored.isError,
    addFiles,
    move,
    remove,
    /** For a property just added: its waiting photos go up now. */
    commit: uploadWaiting,
  };
}

export type PhotoGallery = ReturnType<typeof usePhotoGallery>;
