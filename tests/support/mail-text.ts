/** Reading a received mail (its raw RFC 5322 text) in tests: a header, and the text a shopper reads. */

/** A header of a received mail, its continuation lines unfolded; "" when it has none. */
export function mailHeader(raw: string, name: string): string {
  const head = (raw.split(/\r?\n\r?\n/, 1)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
}

/**
 * The text/plain part of a received mail (the whole message when it is not multipart), quoted-printable
 * undone (soft line breaks, the =XX bytes as UTF-8), CRLF as LF. Throws for a multipart mail without one.
 */
export function mailText(raw: string): string {
  const multipart = /^content-type:\s*multipart\//im.test(raw.split(/\r?\n\r?\n/, 1)[0] ?? "");
  const part = multipart
    ? raw
        .split(/\r?\n--[^\r\n]+\r?\n/)
        .find((p) => /^content-type:\s*text\/plain/im.test(p.split(/\r?\n\r?\n/, 1)[0] ?? ""))
    : raw;
  if (part === undefined) throw new Error("the mail has no text/plain part");
  const split = /\r?\n\r?\n/.exec(part);
  if (!split) return "";
  const head = part.slice(0, split.index);
  let body = part.slice(split.index + split[0].length);
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(head)) {
    const bytes: number[] = [];
    const source = body.replace(/=\r?\n/g, "");
    for (let i = 0; i < source.length; i++) {
      const hex = source[i] === "=" ? source.slice(i + 1, i + 3) : "";
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(source[i]!, "utf8"));
    }
    body = Buffer.from(bytes).toString("utf8");
  }
  return body.replace(/\r\n/g, "\n");
}
