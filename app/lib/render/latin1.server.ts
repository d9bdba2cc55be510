/**
 * A document in one byte a character (issue 33, decision 0050).
 *
 * V8 keeps a string in one byte a character while every character in it is Latin-1 (U+0000–U+00FF), and in
 * two once a single one is not. One en dash in "Showing 1–4 of 4 reviews", one curly apostrophe in a
 * shopper's review, and every copy the server makes of the page — the rendered document, its rewrites, the
 * bytes sent — is twice its size; past 64K characters (a product page with reviews is 96K), each copy is
 * larger than V8's largest ordinary object and takes pages of memory of its own, asked of the system and
 * given back at every render. Measured on the product page: 16 % of a render's CPU.
 *
 * So the characters beyond Latin-1 are written the way HTML and JavaScript let any character be written,
 * in Latin-1 itself: in markup (text, attributes, titles) as a numeric character reference (`&#8212;`),
 * inside a `<script>` as JavaScript's `\u2014` — the scripts of a page carry text only inside string
 * literals and JSON (React Router's hydration data, the structured data of `application/ld+json`), where
 * the escape means the character itself. The browser reads the same page; the bytes sent are the same
 * size or a few bytes longer. A character inside a `<style>` has no such spelling here: the document is
 * then left as it is.
 */
const BEYOND_LATIN1 = /[^\0-\xff]/g;

/** The document with every character beyond Latin-1 escaped, as a one-byte string; or as it was. */
export function inLatin1(html: string): string {
  BEYOND_LATIN1.lastIndex = 0;
  const found: number[] = [];
  for (let match = BEYOND_LATIN1.exec(html); match; match = BEYOND_LATIN1.exec(html)) found.push(match.index);
  if (found.length === 0) return html;

  const scripts = rawTextRanges(html, "script");
  const styles = rawTextRanges(html, "style");
  // A reference is at most 10 characters (`&#1114111;`), two JavaScript escapes 12.
  const bytes = Buffer.allocUnsafe(html.length + 12 * found.length);
  let written = 0;
  let from = 0;
  for (const at of found) {
    if (at < from) continue; // the second half of a pair already written
    if (within(styles, at)) return html;
    const codePoint = html.codePointAt(at)!;
    const width = codePoint > 0xffff ? 2 : 1;
    written += bytes.write(html.slice(from, at), written, "latin1");
    const escaped = within(scripts, at) ? javaScriptEscape(html.slice(at, at + width)) : `&#${codePoint};`;
    written += bytes.write(escaped, written, "latin1");
    from = at + width;
  }
  written += bytes.write(html.slice(from), written, "latin1");
  return bytes.toString("latin1", 0, written);
}

/** `\uXXXX` for each UTF-16 unit: what a JavaScript string literal or JSON reads as those units. */
function javaScriptEscape(units: string): string {
  let escaped = "";
  for (let i = 0; i < units.length; i++) escaped += `\\u${units.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return escaped;
}

/**
 * Where the contents of each `<tag …>…</tag>` lie, as [start, end) pairs. The contents of a script or a
 * style cannot hold their own end tag (React and React Router escape `</` in what they write there).
 */
function rawTextRanges(html: string, tag: "script" | "style"): number[] {
  const ranges: number[] = [];
  const open = `<${tag}`;
  const close = `</${tag}`;
  for (let at = html.indexOf(open); at !== -1; at = html.indexOf(open, at)) {
    const start = html.indexOf(">", at);
    if (start === -1) break;
    const end = html.indexOf(close, start);
    ranges.push(start + 1, end === -1 ? html.length : end);
    if (end === -1) break;
    at = end;
  }
  return ranges;
}

function within(ranges: number[], at: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) if (at >= ranges[i]! && at < ranges[i + 1]!) return true;
  return false;
}
