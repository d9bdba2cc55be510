/**
 * A page's HTML with its numeric character references decoded: the characters as a browser reads them.
 * Pages are sent with every character beyond Latin-1 written as a reference (decision 0050: "—" as
 * `&#8212;`), so a test that looks for such a character in the HTML reads it through this.
 */
export function asRead(html: string): string {
  return html.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
}
