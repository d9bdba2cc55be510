import { REQUEST_ID_HEADER } from "./http/error-answer.server";

/**
 * What the access log learns about a request while it is being answered — the signed-in user's id —
 * kept under the id our server gave the request (REQUEST_ID_HEADER), which every copy of the request
 * that React Router hands a loader carries. The server opens a note when a request arrives and closes
 * it when the answer is sent (server/access-log.ts); between the two, the session reader fills it in.
 */
export interface RequestNote {
  userId?: string;
}

const notes = new Map<string, RequestNote>();

export function openRequestNote(requestId: string): RequestNote {
  const note: RequestNote = {};
  notes.set(requestId, note);
  return note;
}

export function closeRequestNote(requestId: string): void {
  notes.delete(requestId);
}

/** The request was made by this user (once its session is known). */
export function noteRequestUser(request: Request, userId: string): void {
  const id = request.headers.get(REQUEST_ID_HEADER);
  const note = id ? notes.get(id) : undefined;
  if (note) note.userId = userId;
}
