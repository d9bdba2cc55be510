import { IMAGE_UPLOAD_MAX_FILE_BYTES, IMAGE_UPLOAD_MAX_FILES } from "~/lib/http/body-limits";

/**
 * The rules of the back office's photo upload and their messages, shared by the upload route and the
 * uploader in the browser (which checks size and type before sending, to answer at once; the server
 * decides, by the file's bytes).
 */
export const MAX_UPLOAD_FILES = IMAGE_UPLOAD_MAX_FILES;
export const MAX_UPLOAD_FILE_BYTES = IMAGE_UPLOAD_MAX_FILE_BYTES;
/** Larger photos are refused before decoding: 64 million pixels decode to 256 MB (a 48-megapixel phone photo passes). */
export const MAX_UPLOAD_PIXELS = 64_000_000;

/** What the file picker offers; the server checks the bytes, not these. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp";

export const UPLOAD_MESSAGES = {
  notAnImage: "Only JPEG, PNG and WebP images can be uploaded.",
  fileTooLarge: `Image is too large (max ${MAX_UPLOAD_FILE_BYTES / (1024 * 1024)} MB).`,
  tooManyPixels: `Image is too large (max ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels).`,
  unreadable: "This image could not be read. Please try another file.",
  tooManyFiles: `Upload at most ${MAX_UPLOAD_FILES} images at a time.`,
  noFiles: "Choose at least one image to upload.",
  invalidForm: "Send the images as a multipart form (field 'images').",
} as const;

/** The field the files are sent in. */
export const UPLOAD_FIELD = "images";

/** The answer of POST /admin/products/images. */
export interface UploadedImage {
  /** `/media/<hash>/<largest width>.webp` */
  url: string;
  width: number;
  height: number;
}

export type UploadAnswer =
  { images: UploadedImage[] } | { error: string; errors?: Array<{ file: string; message: string }> };

/** The browser's check before sending a file: the message when it cannot pass, else null. */
export function checkBeforeUpload(file: { size: number; type: string }): string | null {
  if (file.type && !ACCEPTED_IMAGE_TYPES.split(",").includes(file.type)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > MAX_UPLOAD_FILE_BYTES) return UPLOAD_MESSAGES.fileTooLarge;
  return null;
}
