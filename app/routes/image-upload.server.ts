import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readMultipartFiles } from "~/lib/http/read-multipart.server";
import {
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILES,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  type UploadAnswer,
} from "~/modules/media/upload-rules";
import { services } from "~/services.server";

/**
 * The owner's photo upload, behind either face's pass: `POST /admin/products/images` (an admin's
 * session) and `POST /secure-admin/products/images` (the console's pass). multipart/form-data, field
 * `images`, at most MAX_UPLOAD_FILES files of MAX_UPLOAD_FILE_BYTES each. Answers `{ images: [{ url,
 * width, height }] }`, or 400/413 `{ error, errors: [{ file, message }] }` with nothing stored.
 * `authorize` runs before a byte of the body is read; what it throws (a redirect, a 401) is answered with
 * `Connection: close`, so the rest of a refused body never is read.
 */
const noStore = { "Cache-Control": "private, no-store" };

export function uploadMethodNotAllowed() {
  return data({ error: "Method not allowed" } satisfies UploadAnswer, {
    status: 405,
    headers: { ...noStore, Allow: "POST" },
  });
}

export async function imageUploadAction(request: Request, authorize: (request: Request) => Promise<unknown>) {
  if (request.method !== "POST") {
    return data({ error: "Method not allowed" } satisfies UploadAnswer, {
      status: 405,
      headers: { ...noStore, Allow: "POST", Connection: "close" },
    });
  }
  try {
    await authorize(request);
    const files = await readMultipartFiles(request, {
      maxFiles: MAX_UPLOAD_FILES,
      maxFileBytes: MAX_UPLOAD_FILE_BYTES,
      messages: UPLOAD_MESSAGES,
    });
    const images = await services().media.upload(
      files.filter((file) => file.field === UPLOAD_FIELD).map(({ filename, bytes }) => ({ filename, bytes })),
    );
    return data({ images } satisfies UploadAnswer, { headers: noStore });
  } catch (error) {
    if (error instanceof Response) {
      error.headers.set("Connection", "close");
      throw error;
    }
    const { status, message, fieldErrors } = errorAnswer(error, request, {
      where: "image upload",
      fallback: "Failed to upload images",
    });
    const errors = Object.entries(fieldErrors ?? {}).map(([file, text]) => ({ file, message: text ?? message }));
    return data({ error: message, ...(errors.length > 0 ? { errors } : {}) } satisfies UploadAnswer, {
      status,
      headers: noStore,
    });
  }
}
