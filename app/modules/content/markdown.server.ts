import MarkdownIt, { type StateCore, type Token } from "markdown-it";

/**
 * The owner's page texts (Markdown) as HTML, on the server: no Markdown library reaches the browser.
 *
 * Safe by construction: raw HTML in the text is not parsed (`html: false`), so `<script>` or
 * `<img onerror>` come out as escaped text; a link or image whose address is not a web, mail or phone
 * address, or a path of the shop, is not a link at all (`[x](javascript:alert(1))` stays text). Every
 * tag below that the text does not spell is written by this file, never from the owner's words.
 *
 * Placeholders ({{contactEmail}} and the rest, `PAGE_PLACEHOLDERS`) put the store's settings into the
 * text, so a changed e-mail shows on every page without editing them.
 */

/** What each placeholder becomes: text, or a link (a mail or phone address), or lines (an address). */
export type PlaceholderValue =
  { kind: "text"; text: string } | { kind: "link"; text: string; href: string } | { kind: "lines"; lines: string[] };

export interface MarkdownOptions {
  /** The values of `{{name}}` placeholders; a name without one stays as written. */
  values?: Record<string, PlaceholderValue>;
  /** `###` questions become disclosures (`<details>`): the FAQ. */
  disclosures?: boolean;
}

export interface RenderedMarkdown {
  /** The text's first paragraph, when it opens the text (before any heading): the page's intro, inline HTML. */
  intro: string | null;
  /** The rest, each `##` heading with what follows it in a `<section>`. */
  body: string;
}

/** Schemes a link may have; a link without one is a path or an anchor of the shop. */
const ALLOWED_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/**
 * A link's address is allowed when it has no scheme (a path, `#anchor`, `?query`) or one of
 * ALLOWED_SCHEMES. markdown-it has encoded it already (so control characters are `%xx`): anything before
 * the first ':' that is not a plain scheme name makes the whole address refused, never guessed at.
 */
export function isSafeHref(url: string): boolean {
  const value = url.trim();
  const colon = value.indexOf(":");
  const boundary = value.search(/[/?#]/);
  if (colon === -1 || (boundary !== -1 && boundary < colon)) return true;
  const scheme = value.slice(0, colon).toLowerCase();
  return ALLOWED_SCHEMES.has(scheme);
}

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
md.validateLink = isSafeHref;

// Tables scroll sideways on a phone instead of widening the page.
md.renderer.rules.table_open = (tokens, idx, options, _env, self) =>
  `<div class="overflow-x-auto">\n${self.renderToken(tokens, idx, options)}`;
md.renderer.rules.table_close = (tokens, idx, options, _env, self) =>
  `${self.renderToken(tokens, idx, options)}</div>\n`;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** Placeholders inside a paragraph's inline tokens: text, a link (plain text inside another link), or lines. */
function fillPlaceholders(state: StateCore, values: Record<string, PlaceholderValue>): void {
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children) continue;
    const out: Token[] = [];
    let linkDepth = 0;
    for (const token of block.children) {
      if (token.type === "link_open") linkDepth += 1;
      if (token.type === "link_close") linkDepth -= 1;
      if (token.type !== "text" || !token.content.includes("{{")) {
        out.push(token);
        continue;
      }
      let last = 0;
      for (const match of token.content.matchAll(PLACEHOLDER)) {
        const value = values[match[1]!];
        if (!value) continue;
        const before = token.content.slice(last, match.index);
        if (before) out.push(textToken(state, before));
        out.push(...placeholderTokens(state, value, linkDepth > 0));
        last = match.index + match[0].length;
      }
      const rest = token.content.slice(last);
      if (rest) out.push(textToken(state, rest));
    }
    block.children = out;
  }
}

function textToken(state: StateCore, content: string): Token {
  const token = new state.Token("text", "", 0);
  token.content = content;
  return token;
}

function placeholderTokens(state: StateCore, value: PlaceholderValue, insideLink: boolean): Token[] {
  if (value.kind === "text") return [textToken(state, value.text)];
  if (value.kind === "link") {
    if (insideLink || !isSafeHref(value.href)) return [textToken(state, value.text)];
    const open = new state.Token("link_open", "a", 1);
    open.attrSet("href", value.href);
    return [open, textToken(state, value.text), new state.Token("link_close", "a", -1)];
  }
  return value.lines.flatMap((line, i) =>
    i === 0 ? [textToken(state, line)] : [new state.Token("hardbreak", "br", 0), textToken(state, line)],
  );
}

function html(state: StateCore, content: string): Token {
  // An html_block token is written as it stands: only this file's own tags go into one.
  const token = new state.Token("html_block", "", 0);
  token.content = content;
  return token;
}

const DETAILS_OPEN = '<details class="group border-b border-line py-4">\n';
const SUMMARY_OPEN =
  '<summary class="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ink [&::-webkit-details-marker]:hidden">';
const SUMMARY_CLOSE =
  '<span aria-hidden="true" class="text-xl leading-none text-muted transition-transform group-open:rotate-45">+</span></summary>\n<div class="mt-3">\n';

/**
 * Each `##` heading and what follows it becomes a `<section>` (as the pages were written by hand);
 * with `disclosures`, each `###` question and its answer a `<details>` that opens with the mouse, Enter
 * or Space. A wide table (five columns or more) keeps its rows on one line and scrolls instead.
 */
function structure(state: StateCore, disclosures: boolean): void {
  const out: Token[] = [];
  let inSection = false;
  let inDetails = false;
  const closeDetails = () => {
    if (inDetails) out.push(html(state, "</div>\n</details>\n"));
    inDetails = false;
  };
  const closeSection = () => {
    closeDetails();
    if (inSection) out.push(html(state, "</section>\n"));
    inSection = false;
  };
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const topLevel = token.level === 0;
    if (topLevel && token.type === "heading_open" && (token.tag === "h1" || token.tag === "h2")) closeSection();
    if (topLevel && !inSection && token.nesting >= 0) {
      out.push(html(state, "<section>\n"));
      inSection = true;
    }
    if (disclosures && topLevel && token.type === "heading_open" && token.tag === "h3") {
      closeDetails();
      out.push(html(state, DETAILS_OPEN + SUMMARY_OPEN), tokens[i + 1]!, html(state, SUMMARY_CLOSE));
      inDetails = true;
      i += 2; // the question's inline text and its heading_close
      continue;
    }
    if (token.type === "table_open" && countColumns(tokens, i) >= 5) token.attrJoin("class", "whitespace-nowrap");
    out.push(token);
  }
  closeSection();
  state.tokens = out;
}

function countColumns(tokens: Token[], tableOpen: number): number {
  let count = 0;
  for (let i = tableOpen + 1; i < tokens.length && tokens[i]!.type !== "tr_close"; i++) {
    if (tokens[i]!.type === "th_open") count += 1;
  }
  return count;
}

/** The text's first paragraph when nothing comes before it: the intro the page shows under its title. */
function takeIntro(tokens: Token[]): Token[] | null {
  const [open, inline, close] = tokens;
  if (open?.type !== "paragraph_open" || inline?.type !== "inline" || close?.type !== "paragraph_close") return null;
  tokens.splice(0, 3);
  return [inline];
}

/** Markdown to HTML as described above. Pure; about a tenth of a millisecond for a page. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): RenderedMarkdown {
  const env = {};
  const state = new md.core.State(source, md, env);
  md.core.process(state);
  if (options.values) fillPlaceholders(state, options.values);
  const introTokens = takeIntro(state.tokens);
  structure(state, options.disclosures ?? false);
  return {
    intro: introTokens ? md.renderer.render(introTokens, md.options, env) : null,
    body: md.renderer.render(state.tokens, md.options, env),
  };
}
