/**
 * Generates the demo product images: one flat-lay SVG illustration per (garment type × colour)
 * in public/images/products/{garment}-{color-slug}.svg, plus public/images/placeholder.svg and
 * public/images/hero.svg. No network, no dependencies: plain string templates.
 *
 *   npx tsx scripts/generate-garment-images.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const imagesDir = join(root, "public", "images");
const productsDir = join(imagesDir, "products");

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

const GARMENT_COLORS = [
  { name: "Black", slug: "black", hex: "#1f1f1f" },
  { name: "White", slug: "white", hex: "#f4f4f2" },
  { name: "Navy", slug: "navy", hex: "#1e2a4a" },
  { name: "Gray", slug: "gray", hex: "#8a8d91" },
  { name: "Red", slug: "red", hex: "#b3262e" },
  { name: "Blue", slug: "blue", hex: "#2f5fa8" },
  { name: "Green", slug: "green", hex: "#2f6b45" },
  { name: "Yellow", slug: "yellow", hex: "#e0b53a" },
  { name: "Pink", slug: "pink", hex: "#e79bb3" },
  { name: "Purple", slug: "purple", hex: "#6b4a8f" },
] as const;

function rgb(hex: string): [number, number, number] {
  const h = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (d) => d + d) : hex;
  const n = Number.parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const A = rgb(a);
  const B = rgb(b);
  return (
    "#" +
    A.map((v, i) =>
      Math.round(v + ((B[i] ?? 0) - v) * t)
        .toString(16)
        .padStart(2, "0"),
    ).join("")
  );
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

interface Palette {
  base: string;
  dark: string;
  deep: string;
  light: string;
  line: string;
  stitch: string;
  inner: string;
  thread: string;
}

function palette(base: string): Palette {
  const l = luminance(base);
  const white = l > 0.85;
  const black = l < 0.15;
  return {
    base,
    dark: mix(base, "#000", black ? 0.35 : white ? 0.12 : 0.22),
    deep: mix(base, "#000", black ? 0.55 : white ? 0.3 : 0.42),
    light: mix(base, "#fff", black ? 0.14 : 0.22),
    line: white ? "#c4c1ba" : mix(base, "#000", black ? 0.5 : 0.35),
    stitch: l > 0.55 ? mix(base, "#000", white ? 0.2 : 0.28) : mix(base, "#fff", black ? 0.22 : 0.3),
    inner: white ? mix(base, "#000", 0.1) : mix(base, "#000", black ? 0.45 : 0.38),
    thread: l > 0.6 ? mix(base, "#8a6a2a", 0.35) : mix(base, "#d9a441", 0.6),
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing primitives
// ---------------------------------------------------------------------------------------------

/** [path, stroke width, opacity, highlight?] — soft blurred folds, clipped to the piece. */
type Fold = [string, number, number, 1?];

interface Ctx {
  p: Palette;
  pre: string;
  n: number;
  defs: string[];
}

function uid(c: Ctx): string {
  return `${c.pre}${c.n++}`;
}

/** Draws `markup` clipped to the most recently drawn piece. */
function inside(c: Ctx, markup: string): string {
  return `<g clip-path="url(#${c.pre}${c.n - 1}c)">${markup}</g>`;
}

/** A shaded fabric piece: drop shadow, base fill, light-to-shadow gradient, folds, outline. */
function piece(c: Ctx, d: string, folds: Fold[] = [], fill = c.p.base): string {
  const id = uid(c);
  c.defs.push(`<path id="${id}" d="${d}"/><clipPath id="${id}c"><use href="#${id}"/></clipPath>`);
  const draw = (hl: boolean) =>
    folds
      .filter((f) => Boolean(f[3]) === hl)
      .map(([fd, w, o]) => `<path d="${fd}" stroke-width="${w}" opacity="${o}"/>`)
      .join("");
  const dark = draw(false);
  const light = draw(true);
  return (
    `<use href="#${id}" fill="${fill}" filter="url(#ds)"/>` +
    `<g clip-path="url(#${id}c)"><use href="#${id}" fill="url(#sh)"/>` +
    (light ? `<g fill="none" stroke="${c.p.light}" stroke-linecap="round" filter="url(#bl)">${light}</g>` : "") +
    (dark ? `<g fill="none" stroke="${c.p.deep}" stroke-linecap="round" filter="url(#b)">${dark}</g>` : "") +
    `</g><use href="#${id}" fill="none" stroke="${c.p.line}" stroke-width="1.6" stroke-linejoin="round"/>`
  );
}

/** A flat (unshadowed) part such as a collar, pocket flap or cuff. */
function flat(c: Ctx, d: string, fill = c.p.base, stroke = c.p.line, w = 1.4): string {
  return `<path d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="${w}"/>`;
}

function ln(d: string, color: string, w = 1.5, extra = ""): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round"${extra}/>`;
}

/** A fabric band (collar rib, waist tie) drawn as a wide stroke with square ends. */
function band(d: string, color: string, w: number): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}"/>`;
}

/** Dashed top-stitching. */
function st(c: Ctx, d: string, color = c.p.stitch): string {
  return ln(d, color, 1.2, ' stroke-dasharray="4 3"');
}

/** Knit rib: a wide stroke whose dashes become ribs across the band. */
function rib(c: Ctx, d: string, w: number): string {
  return `<path d="${d}" fill="none" stroke="${c.p.deep}" stroke-width="${w}" stroke-dasharray="1.6 4.4" opacity=".35"/>`;
}

function button(c: Ctx, x: number, y: number, r: number, fill = c.p.deep): string {
  const h = Math.max(1, r * 0.22);
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${c.p.line}" stroke-width="1"/>` +
    (r >= 6 ? `<circle cx="${x - r * 0.3}" cy="${y - r * 0.3}" r="${h.toFixed(1)}" fill="#fff" opacity=".35"/>` : "")
  );
}

/** Draws `markup` and its mirror image about x = 300. */
function sym(c: Ctx, markup: string): string {
  const id = uid(c);
  return `<g id="${id}">${markup}</g><use href="#${id}" transform="matrix(-1 0 0 1 600 0)"/>`;
}

// ---------------------------------------------------------------------------------------------
// Garments (drawn in a 600 × 750 space, centred)
// ---------------------------------------------------------------------------------------------

type Garment = (c: Ctx) => string;

const TEE_BODY =
  "M248 160Q300 178 352 160L440 184Q472 196 484 228L510 294L452 322L420 270Q416 440 428 624Q300 640 172 624Q184 440 180 270L148 322L90 294L116 228Q128 196 160 184Z";

const TEE_FOLDS: Fold[] = [
  ["M300 240Q286 420 306 600", 46, 0.22, 1],
  ["M214 300Q234 430 212 590", 12, 0.22],
  ["M386 320Q368 450 394 600", 12, 0.2],
  ["M182 276L146 326", 12, 0.3],
  ["M418 276L454 326", 12, 0.3],
  ["M240 470Q300 500 360 470", 8, 0.14],
];

const tee: Garment = (c) =>
  piece(c, TEE_BODY, TEE_FOLDS) +
  flat(c, "M248 160Q300 178 352 160Q338 210 300 212Q262 210 248 160Z", c.p.inner, c.p.line, 1) +
  `<rect x="290" y="174" width="20" height="12" rx="2" fill="${c.p.light}" opacity=".9"/>` +
  band("M245 158Q260 216 300 216Q340 216 355 158", c.p.base, 12) +
  ln("M240 157Q256 222 300 222Q344 222 360 157", c.p.line, 1.2) +
  ln("M250 159Q264 211 300 211Q336 211 350 159", c.p.line, 1) +
  st(c, "M243 160Q258 219 300 219Q342 219 357 160") +
  sym(c, st(c, "M95 282L152 310") + ln("M166 188Q178 230 180 270", c.p.dark, 1.2)) +
  st(c, "M174 607Q300 623 426 607");

const SWEATER_BODY =
  "M236 180L172 200Q142 210 134 246L94 540L100 588L156 592L162 548L184 332L186 640L414 640L416 332L438 548L444 592L500 588L506 540L466 246Q458 210 428 200L364 180Q300 198 236 180Z";

const LONG_SLEEVE_FOLDS: Fold[] = [
  ["M300 260Q288 430 304 600", 50, 0.2, 1],
  ["M222 360Q240 470 220 600", 12, 0.2],
  ["M380 360Q362 470 384 600", 12, 0.2],
  ["M150 300Q136 420 124 530", 16, 0.22, 1],
  ["M450 300Q464 420 476 530", 16, 0.22, 1],
  ["M176 340L162 540", 8, 0.3],
  ["M424 340L438 540", 8, 0.3],
  ["M108 430Q128 440 150 430", 6, 0.3],
  ["M492 420Q472 432 450 424", 6, 0.3],
];

function knitPattern(c: Ctx): string {
  const id = uid(c);
  const dark = luminance(c.p.base) < 0.3;
  c.defs.push(
    `<pattern id="${id}" width="10" height="8" patternUnits="userSpaceOnUse"><path d="M0 0L5 7L10 0" fill="none" stroke="${dark ? "#fff" : "#000"}" stroke-opacity="${dark ? 0.07 : 0.08}" stroke-width="1.3"/></pattern>`,
  );
  return id;
}

const sweater: Garment = (c) => {
  const k = knitPattern(c);
  const body = piece(c, SWEATER_BODY, LONG_SLEEVE_FOLDS);
  const bodyId = `${c.pre}${c.n - 1}`;
  return (
    body +
    `<use href="#${bodyId}" fill="url(#${k})"/>` +
    // cable panel
    ln(
      "M290 250Q276 272 290 294Q304 316 290 338Q276 360 290 382Q304 404 290 426Q276 448 290 470Q304 492 290 514Q276 536 290 558Q304 580 290 600",
      c.p.dark,
      5,
      ' opacity=".45"',
    ) +
    ln(
      "M310 250Q324 272 310 294Q296 316 310 338Q324 360 310 382Q296 404 310 426Q324 448 310 470Q296 492 310 514Q324 536 310 558Q296 580 310 600",
      c.p.light,
      5,
      ' opacity=".3"',
    ) +
    flat(c, "M236 180Q300 198 364 180Q352 226 300 228Q248 226 236 180Z", c.p.inner, c.p.line, 1) +
    band("M232 178Q244 236 300 238Q356 236 368 178", c.p.base, 16) +
    rib(c, "M232 178Q244 236 300 238Q356 236 368 178", 16) +
    ln("M224 176Q238 246 300 248Q362 246 376 176", c.p.line, 1.2) +
    ln("M240 181Q252 228 300 229Q348 228 360 181", c.p.line, 1) +
    inside(c, rib(c, "M97 564L159 570M503 564L441 570", 48) + rib(c, "M186 620H414", 40)) +
    sym(c, ln("M94 540L162 548", c.p.line, 1.2) + ln("M184 332L162 548", c.p.dark, 1)) +
    ln("M186 600H414", c.p.line, 1.2)
  );
};

const HOOD = "M224 200C198 140 224 84 300 82C376 84 402 140 376 200Z";

const hoodie: Garment = (c) =>
  piece(c, HOOD, [
    ["M300 90V190", 40, 0.25, 1],
    ["M236 190Q222 140 252 104", 10, 0.3],
  ]) +
  flat(c, "M246 198C238 148 262 114 300 114C338 114 362 148 354 198Q300 224 246 198Z", c.p.inner, c.p.line, 1) +
  ln("M256 196C252 152 270 128 300 126C330 128 348 152 344 196", c.p.deep, 6, ' opacity=".5"') +
  piece(
    c,
    "M232 186L172 204Q142 214 134 250L94 540L100 588L156 592L162 548L184 332L186 640L414 640L416 332L438 548L444 592L500 588L506 540L466 250Q458 214 428 204L368 186Q300 206 232 186Z",
    LONG_SLEEVE_FOLDS,
  ) +
  inside(c, rib(c, "M97 564L159 570M503 564L441 570", 48) + rib(c, "M186 620H414", 40)) +
  band("M232 186Q262 234 300 250Q338 234 368 186", c.p.base, 18) +
  ln("M224 184Q256 244 300 260Q344 244 376 184", c.p.line, 1.3) +
  ln("M240 190Q268 226 300 240Q332 226 360 190", c.p.line, 1.1) +
  st(c, "M229 188Q260 239 300 255Q340 239 371 188") +
  // pocket
  flat(c, "M234 468H366L402 540V584H198V540Z", c.p.base, c.p.line, 1.2) +
  `<path d="M234 468H366L402 540V584H198V540Z" fill="#000" opacity=".035"/>` +
  sym(c, ln("M234 468L198 540", c.p.deep, 3) + st(c, "M240 474L206 542")) +
  st(c, "M240 475H360") +
  // drawstrings
  sym(
    c,
    `<circle cx="284" cy="246" r="4" fill="${c.p.deep}" stroke="${c.p.light}" stroke-width="1.5"/>` +
      ln("M284 248Q278 300 286 350", c.p.light, 4.5) +
      ln("M286 344L287 364", c.p.deep, 6),
  ) +
  sym(c, ln("M94 540L162 548", c.p.line, 1.2) + ln("M184 332L162 548", c.p.dark, 1)) +
  ln("M186 600H414", c.p.line, 1.2);

const jacket: Garment = (c) =>
  piece(
    c,
    "M238 176L168 196Q136 208 128 248L92 560L98 604L156 608L164 566L182 340L180 628L420 628L418 340L436 566L444 608L502 604L508 560L472 248Q464 208 432 196L362 176Q300 190 238 176Z",
    [...LONG_SLEEVE_FOLDS, ["M250 420Q240 520 256 600", 10, 0.2]],
  ) +
  flat(c, "M238 176Q300 162 362 176L300 200Z", c.p.inner, c.p.line, 1) +
  // zip + storm flap
  ln("M300 200V628", c.p.deep, 6) +
  ln("M300 200V628", c.p.stitch, 3, ' stroke-dasharray="2 2"') +
  ln("M312 204V628", c.p.line, 1.3) +
  st(c, "M318 206V624") +
  [276, 356, 436, 516, 596].map((y) => button(c, 312, y, 5, c.p.thread)).join("") +
  sym(
    c,
    // collar
    flat(c, "M238 174L300 196L300 216L256 268L218 196Z", c.p.deep) +
      st(c, "M226 198L256 258L292 214", c.p.dark) +
      // chest pocket
      flat(c, "M212 304H278V384H212Z") +
      st(c, "M218 330V378H272V330") +
      flat(c, "M208 298H282V328L245 338L208 328Z", c.p.base) +
      st(c, "M213 323V304H277V323") +
      button(c, 245, 326, 4.5, c.p.thread) +
      // lower pocket
      flat(c, "M198 454H284V576H198Z") +
      st(c, "M204 480V570H278V480") +
      flat(c, "M194 446H288V482H194Z") +
      st(c, "M199 476V452H283V476") +
      button(c, 241, 470, 5, c.p.thread) +
      // cuff
      ln("M96 578L160 584", c.p.line, 1.2) +
      st(c, "M95 590L158 596") +
      ln("M182 340L164 566", c.p.dark, 1),
  ) +
  ln("M180 612H420", c.p.line, 1.1) +
  st(c, "M181 620H419");

const coat: Garment = (c) =>
  piece(
    c,
    "M246 166L170 188Q140 200 134 236L104 560L110 600L164 604L172 566L190 330L170 700L430 700L410 330L428 566L436 604L490 600L496 560L466 236Q460 200 430 188L354 166Q300 178 246 166Z",
    [
      ["M300 300Q286 480 306 690", 56, 0.2, 1],
      ["M230 420Q218 560 226 690", 12, 0.24],
      ["M372 420Q384 560 376 690", 12, 0.24],
      ["M258 560Q262 630 252 690", 8, 0.2],
      ["M150 290Q138 420 126 540", 16, 0.2, 1],
      ["M450 290Q462 420 474 540", 16, 0.2, 1],
      ["M188 340L170 560", 8, 0.28],
      ["M412 340L430 560", 8, 0.28],
    ],
  ) +
  flat(c, "M266 176Q300 186 334 176L332 240L300 396L268 240Z", c.p.inner, c.p.line, 1) +
  ln("M300 396V700", c.p.line, 1.4) +
  st(c, "M308 400V694") +
  [button(c, 266, 426, 9), button(c, 334, 426, 9), button(c, 266, 500, 9), button(c, 334, 500, 9)].join("") +
  sym(
    c,
    flat(c, "M250 168L222 236L240 246L210 266L300 396L268 240L266 176Z", c.p.light, c.p.line, 1.3) +
      `<path d="M240 246L210 266L300 396L268 240Z" fill="#000" opacity=".07"/>` +
      st(c, "M218 268L292 378", c.p.dark) +
      ln("M222 236L240 246", c.p.line, 1.3) +
      // pocket flap
      flat(c, "M196 526L264 530L264 558L194 554Z") +
      st(c, "M199 550L260 553") +
      // sleeve cuff
      ln("M112 566L168 572", c.p.line, 1.1) +
      st(c, "M111 576L167 582") +
      [120, 134, 148].map((x) => `<circle cx="${x}" cy="${592 - (x - 120) * 0.1}" r="3" fill="${c.p.deep}"/>`).join(""),
  ) +
  st(c, "M172 686H428");

const shirt: Garment = (c) =>
  piece(
    c,
    "M250 168L178 186Q150 196 142 230L106 550L112 588L164 592L170 550L190 320L186 596Q190 648 300 652Q410 648 414 596L410 320L430 550L436 592L488 588L494 550L458 230Q450 196 422 186L350 168Q300 178 250 168Z",
    [
      ["M300 260Q290 440 304 640", 46, 0.22, 1],
      ["M222 330Q238 470 222 620", 12, 0.2],
      ["M378 330Q362 470 380 620", 12, 0.2],
      ["M156 300Q142 420 128 530", 14, 0.22, 1],
      ["M444 300Q458 420 472 530", 14, 0.22, 1],
      ["M188 330L170 540", 8, 0.26],
      ["M412 330L430 540", 8, 0.26],
    ],
  ) +
  flat(c, "M252 164Q300 150 348 164L300 186Z", c.p.inner, c.p.line, 1) +
  ln("M186 214Q300 230 414 214", c.p.dark, 1.1) +
  ln("M290 186V650M310 186V650", c.p.line, 1) +
  [236, 300, 364, 428, 492, 556, 620].map((y) => button(c, 300, y, 4.5, mix(c.p.base, "#fff", 0.55))).join("") +
  // pocket
  flat(c, "M324 280H374V340L349 348L324 340Z") +
  st(c, "M324 290H374") +
  sym(
    c,
    flat(c, "M252 162L300 186L284 232L222 210Z", c.p.base, c.p.line, 1.3) +
      st(c, "M232 210L280 224L292 190") +
      // cuff
      flat(c, "M108 552L170 558L164 594L112 590Z") +
      st(c, "M112 560L166 566") +
      button(c, 150, 576, 3.5, mix(c.p.base, "#fff", 0.55)) +
      ln("M190 320L170 550", c.p.dark, 1) +
      ln("M150 480L154 540", c.p.line, 1),
  ) +
  st(c, "M192 600Q196 640 300 643Q404 640 408 600");

const polo: Garment = (c) =>
  piece(c, TEE_BODY, TEE_FOLDS) +
  flat(c, "M248 160Q300 178 352 160L300 182Z", c.p.inner, c.p.line, 1) +
  flat(c, "M288 182H312V280H288Z", c.p.base, c.p.line, 1.2) +
  st(c, "M292 186V276M308 186V276") +
  button(c, 300, 212, 4, mix(c.p.base, "#fff", 0.55)) +
  button(c, 300, 250, 4, mix(c.p.base, "#fff", 0.55)) +
  sym(
    c,
    flat(c, "M250 156L302 180L290 232L226 214Z", c.p.base, c.p.line, 1.3) +
      rib(c, "M240 208L288 222", 8) +
      rib(c, "M96 292L150 318", 20) +
      ln("M101 281L155 307", c.p.line, 1.1) +
      ln("M166 188Q178 230 180 270", c.p.dark, 1.2) +
      ln("M178 590L178 624", c.p.line, 1.2),
  ) +
  st(c, "M174 607Q300 623 426 607");

const tank: Garment = (c) =>
  piece(
    c,
    "M222 132L260 132Q300 152 340 132L378 132Q386 262 424 300L432 628Q300 644 168 628L176 300Q214 262 222 132Z",
    [
      ["M300 280Q290 440 304 610", 46, 0.22, 1],
      ["M220 360Q236 480 218 600", 12, 0.2],
      ["M380 360Q364 480 382 600", 12, 0.2],
    ],
  ) +
  flat(c, "M260 132Q300 152 340 132Q332 236 300 240Q268 236 260 132Z", c.p.inner, c.p.line, 1) +
  band("M257 130Q266 246 300 248Q334 246 343 130", c.p.base, 10) +
  ln("M252 130Q262 254 300 254Q338 254 348 130", c.p.line, 1.1) +
  sym(c, ln("M226 132Q219 266 180 302", c.p.line, 1.1) + st(c, "M231 134Q226 272 186 306")) +
  st(c, "M262 134Q270 248 300 249Q330 248 338 134") +
  st(c, "M170 611Q300 627 430 611");

const dress: Garment = (c) =>
  piece(
    c,
    "M252 128Q300 142 348 128L384 134Q414 142 428 170L452 232L404 250L392 226Q378 290 372 330L462 692Q300 712 138 692L228 330Q222 290 208 226L196 250L148 232L172 170Q186 142 216 134Z",
    [
      ["M300 360Q270 520 250 700", 30, 0.24, 1],
      ["M340 360Q360 520 380 700", 24, 0.2, 1],
      ["M270 360Q236 520 196 700", 10, 0.24],
      ["M318 360Q322 520 318 700", 9, 0.22],
      ["M356 360Q392 520 426 700", 10, 0.22],
      ["M240 240Q262 280 300 300", 12, 0.18],
    ],
  ) +
  flat(c, "M252 128Q300 142 348 128Q322 190 297 233Q267 184 252 128Z", c.p.inner, c.p.line, 1) +
  ln("M252 128Q282 240 372 322", c.p.line, 1.4) +
  st(c, "M260 131Q289 234 372 312") +
  ln("M352 342Q340 520 364 702", c.p.line, 1.3) +
  sym(c, st(c, "M158 225L201 240")) +
  // sash with knot
  flat(c, "M227 322Q300 334 373 322L376 344Q300 356 224 344Z") +
  `<path d="M227 322Q300 334 373 322L376 344Q300 356 224 344Z" fill="#fff" opacity=".08"/>` +
  flat(c, "M366 340L384 448L400 444L380 336Z") +
  flat(c, "M374 340L418 426L432 416L388 334Z") +
  flat(c, "M362 328H390V348H362Z", c.p.dark) +
  st(c, "M140 680Q300 700 460 680");

const skirt: Garment = (c) => {
  const n = 12;
  let pleats = "";
  let lines = "";
  for (let i = 0; i < n; i++) {
    const t0 = i / n;
    const t1 = (i + 1) / n;
    const tx = (t: number) => (222 + 156 * t).toFixed(1);
    const hx = (t: number) => (118 + 364 * t).toFixed(1);
    const hy = (t: number) => (656 + 48 * t * (1 - t)).toFixed(1);
    if (i % 2 === 1) pleats += `M${tx(t0)} 190L${tx(t1)} 190L${hx(t1)} ${hy(t1)}L${hx(t0)} ${hy(t0)}Z`;
    if (i > 0) lines += `M${tx(t0)} 192L${hx(t0)} ${hy(t0)}`;
  }
  const body = piece(c, "M222 150H378L380 190L482 656Q300 704 118 656L220 190Z", [
    ["M300 200V680", 60, 0.2, 1],
    ["M230 300Q200 500 170 660", 16, 0.16],
    ["M370 300Q400 500 430 660", 16, 0.16],
  ]);
  const bodyId = `${c.pre}${c.n - 1}`;
  return (
    body +
    `<g clip-path="url(#${bodyId}c)"><path d="${pleats}" fill="${c.p.deep}" opacity=".16"/>` +
    ln(lines, c.p.line, 1, ' opacity=".55"') +
    `</g>` +
    ln("M220 190H380", c.p.line, 1.3) +
    st(c, "M224 156H376M224 184H376") +
    button(c, 366, 170, 5, c.p.dark) +
    st(c, "M124 642Q300 688 476 642")
  );
};

const shorts: Garment = (c) =>
  `<g transform="translate(300 372) scale(1.22) translate(-300 -357)">` +
  piece(c, "M180 220H420L424 262L452 486Q386 502 320 494L300 404L280 494Q214 502 148 486L176 262Z", [
    ["M240 280Q226 400 222 480", 30, 0.24, 1],
    ["M360 280Q374 400 378 480", 30, 0.24, 1],
    ["M300 270V400", 10, 0.2],
    ["M186 300Q176 400 164 480", 10, 0.18],
  ]) +
  ln("M176 262H424", c.p.line, 1.3) +
  st(c, "M178 227H422M177 256H423") +
  ln("M318 262V360Q318 382 300 394", c.p.dark, 1.2) +
  st(c, "M326 264V362Q324 388 302 400") +
  button(c, 300, 241, 7, c.p.dark) +
  sym(
    c,
    flat(c, "M192 214H204V268H192Z") +
      ln("M236 262L188 340", c.p.line, 1.4) +
      st(c, "M244 264L194 348") +
      ln("M152 458Q214 474 282 466", c.p.line, 1.2) +
      st(c, "M150 470Q214 486 281 478"),
  ) +
  flat(c, "M262 214H274V268H262Z") +
  flat(c, "M326 214H338V268H326Z") +
  `</g>`;

const jeans: Garment = (c) => {
  const fade = uid(c);
  c.defs.push(
    `<radialGradient id="${fade}"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  const body = piece(c, "M196 128H404L410 170L430 688Q376 696 316 690L300 344L284 690Q224 696 170 688L190 170Z", [
    ["M300 180V330", 12, 0.22],
    ["M198 360Q194 520 186 680", 10, 0.18],
    ["M402 360Q406 520 414 680", 10, 0.18],
    ["M230 520Q250 530 270 522", 6, 0.25],
    ["M330 522Q350 532 370 524", 6, 0.25],
  ]);
  const bodyId = `${c.pre}${c.n - 1}`;
  const t = c.p.thread;
  return (
    body +
    `<g clip-path="url(#${bodyId}c)"><ellipse cx="240" cy="330" rx="52" ry="150" fill="url(#${fade})"/><ellipse cx="360" cy="330" rx="52" ry="150" fill="url(#${fade})"/><ellipse cx="238" cy="540" rx="40" ry="60" fill="url(#${fade})"/><ellipse cx="362" cy="540" rx="40" ry="60" fill="url(#${fade})"/></g>` +
    ln("M190 170H410", c.p.line, 1.3) +
    st(c, "M198 135H402M193 163H407", t) +
    ln("M322 170V290Q322 312 300 324", c.p.dark, 1.3) +
    st(c, "M328 172V292Q326 318 302 331", t) +
    st(c, "M333 172V294Q330 322 303 336", t) +
    ln(
      "M256 304Q276 300 290 308M258 318Q276 314 290 322M344 304Q324 300 310 308M342 318Q324 314 310 322",
      c.p.light,
      2,
      ' opacity=".5"',
    ) +
    `<circle cx="300" cy="149" r="8" fill="#b59a63" stroke="#7d6a44" stroke-width="1.5"/><circle cx="300" cy="149" r="3" fill="#7d6a44"/>` +
    sym(
      c,
      ln("M254 170Q246 226 194 236", c.p.line, 1.4) +
        st(c, "M262 172Q254 234 195 245", t) +
        `<circle cx="196" cy="237" r="2.6" fill="#b59a63"/>` +
        flat(c, "M204 122H214V176H204Z") +
        flat(c, "M258 122H268V176H258Z") +
        st(c, "M171 672Q224 680 282 674", t) +
        ln("M171 680Q224 688 283 682", c.p.line, 1),
    ) +
    flat(c, "M354 172L356 200L392 206L398 172", c.p.base, c.p.line, 1.1) +
    st(c, "M357 178H396", t)
  );
};

const joggers: Garment = (c) =>
  piece(
    c,
    "M190 130H410L414 182Q428 330 388 640L392 690H314L310 640L300 360L290 640L286 690H208L212 640Q172 330 186 182Z",
    [
      ["M238 220Q224 420 246 630", 34, 0.24, 1],
      ["M362 220Q376 420 354 630", 34, 0.24, 1],
      ["M300 190V350", 10, 0.2],
      ["M222 420Q248 436 276 424", 7, 0.28],
      ["M326 430Q352 444 378 428", 7, 0.28],
      ["M220 600Q248 612 282 604", 6, 0.3],
      ["M320 604Q352 614 384 600", 6, 0.3],
    ],
  ) +
  `<path d="M190 156H410" stroke="${c.p.deep}" stroke-width="50" stroke-dasharray="1.4 6.6" opacity=".25"/>` +
  ln("M186 182H414", c.p.line, 1.3) +
  st(c, "M191 136H409M188 176H412") +
  sym(
    c,
    rib(c, "M211 665H287", 50) +
      ln("M212 640H289", c.p.line, 1.2) +
      ln("M236 182Q248 238 198 270", c.p.line, 1.3) +
      st(c, "M244 184Q256 244 202 280") +
      `<circle cx="288" cy="170" r="4" fill="${c.p.deep}" stroke="${c.p.light}" stroke-width="1.5"/>` +
      ln("M288 172Q282 220 270 262", c.p.light, 4) +
      ln("M271 258L266 276", c.p.deep, 5.5),
  ) +
  ln("M300 182V360", c.p.dark, 1);

const cap: Garment = (c) =>
  `<g transform="translate(300 380) scale(1.16) translate(-350 -370)">` +
  piece(c, "M150 440C140 320 196 232 290 230C388 228 442 318 430 440Q290 484 150 440Z", [
    ["M240 260Q200 330 196 430", 46, 0.32, 1],
    ["M400 300Q426 370 424 440", 20, 0.24],
    ["M160 440Q290 480 430 440", 16, 0.3],
  ]) +
  ln("M292 232Q384 270 394 456M292 232Q300 330 296 470M292 232Q210 290 196 456", c.p.dark, 1.3) +
  st(c, "M300 234Q392 276 402 452M284 234Q290 330 287 468M306 238Q310 330 305 468M284 236Q200 292 187 452") +
  `<ellipse cx="246" cy="290" rx="5" ry="4" fill="${c.p.deep}" stroke="${c.p.stitch}" stroke-width="1.5"/><ellipse cx="342" cy="282" rx="5" ry="4" fill="${c.p.deep}" stroke="${c.p.stitch}" stroke-width="1.5"/>` +
  `<path d="M352 392Q362 362 392 356Q384 388 352 392ZM352 392L378 366" fill="${c.p.stitch}" stroke="${c.p.stitch}" stroke-width="1.2" opacity=".85"/>` +
  `<ellipse cx="291" cy="232" rx="15" ry="6" fill="${c.p.base}" stroke="${c.p.line}" stroke-width="1.3"/>` +
  piece(c, "M250 468Q350 470 432 440Q520 436 552 466Q560 490 520 502Q420 520 330 498Q280 488 250 468Z", [
    ["M320 476Q430 470 520 462", 18, 0.3, 1],
    ["M290 486Q420 510 530 492", 10, 0.28],
  ]) +
  flat(
    c,
    "M552 466Q560 490 520 502Q420 520 330 498Q280 488 250 468Q286 496 330 508Q420 530 522 512Q568 496 552 466Z",
    c.p.deep,
    c.p.line,
    1.1,
  ) +
  st(
    c,
    "M266 472Q298 490 334 494Q420 510 516 494Q544 484 540 468M284 470Q314 484 340 486Q420 500 508 486Q530 478 528 464",
  ) +
  `</g>`;

const bag: Garment = (c) => {
  const tex = uid(c);
  const dark = luminance(c.p.base) < 0.3;
  c.defs.push(
    `<pattern id="${tex}" width="4" height="4" patternUnits="userSpaceOnUse"><path d="M0 0H4M0 2H4" stroke="${dark ? "#fff" : "#000"}" stroke-opacity=".05"/><path d="M1 0V4" stroke="${dark ? "#fff" : "#000"}" stroke-opacity=".04"/></pattern>`,
  );
  const handle = "M226 372V300C226 118 374 118 374 300V372";
  const body = piece(c, "M168 300H432L446 664Q300 676 154 664Z", [
    ["M200 360Q230 520 206 650", 40, 0.22, 1],
    ["M300 330Q320 500 300 660", 12, 0.18],
    ["M420 330Q400 500 430 660", 14, 0.2],
    ["M160 640Q300 660 440 640", 16, 0.2],
  ]);
  const bodyId = `${c.pre}${c.n - 1}`;
  return (
    ln("M250 304C250 150 350 150 350 304", c.p.dark, 22) +
    body +
    `<use href="#${bodyId}" fill="url(#${tex})"/>` +
    `<path d="M172 302Q300 294 428 302" stroke="${c.p.inner}" stroke-width="4" fill="none"/>` +
    ln("M168 336H432", c.p.line, 1) +
    st(c, "M170 328H430") +
    ln(handle, c.p.line, 24) +
    ln(handle, c.p.base, 21) +
    ln(handle, c.p.stitch, 15, ' stroke-dasharray="4 3"') +
    ln(handle, c.p.base, 12) +
    sym(
      c,
      `<path d="M218 330H234V366H218ZM218 330L234 366M234 330L218 366" fill="none" stroke="${c.p.stitch}" stroke-width="1.1" stroke-dasharray="3 2"/>`,
    ) +
    flat(c, "M248 430H352V540H248Z") +
    st(c, "M248 440H352M254 436V534H346V436")
  );
};

const GARMENTS: Record<string, { label: string; draw: Garment; bg: [string, string] }> = {
  tee: { label: "T-shirt", draw: tee, bg: ["#f6f4f1", "#e7e2db"] },
  hoodie: { label: "hoodie", draw: hoodie, bg: ["#f3f4f5", "#e1e3e6"] },
  jacket: { label: "jacket", draw: jacket, bg: ["#f5f3ee", "#e5e0d6"] },
  jeans: { label: "jeans", draw: jeans, bg: ["#f2f4f6", "#e0e4e9"] },
  dress: { label: "dress", draw: dress, bg: ["#f8f3f2", "#ebe1df"] },
  shirt: { label: "button-up shirt", draw: shirt, bg: ["#f4f5f3", "#e3e6e0"] },
  sweater: { label: "sweater", draw: sweater, bg: ["#f7f3ee", "#eae1d6"] },
  skirt: { label: "skirt", draw: skirt, bg: ["#f7f2f4", "#e9e0e5"] },
  shorts: { label: "shorts", draw: shorts, bg: ["#f3f5f2", "#e1e7df"] },
  cap: { label: "cap", draw: cap, bg: ["#f5f4f1", "#e5e2dc"] },
  polo: { label: "polo shirt", draw: polo, bg: ["#f2f5f5", "#dfe7e7"] },
  coat: { label: "coat", draw: coat, bg: ["#f6f3ef", "#e6dfd6"] },
  tank: { label: "tank top", draw: tank, bg: ["#f7f5f0", "#e9e4d9"] },
  joggers: { label: "joggers", draw: joggers, bg: ["#f3f3f5", "#e2e2e8"] },
  bag: { label: "tote bag", draw: bag, bg: ["#f6f3ec", "#e8e1d3"] },
};

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

const SHARED_DEFS =
  `<linearGradient id="sh" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient>` +
  `<filter id="ds" filterUnits="userSpaceOnUse" x="-60" y="-60" width="720" height="880"><feDropShadow dx="0" dy="2" stdDeviation="2" flood-color="#3b3128" flood-opacity=".16"/><feDropShadow dx="0" dy="12" stdDeviation="14" flood-color="#3b3128" flood-opacity=".14"/></filter>` +
  `<filter id="b" filterUnits="userSpaceOnUse" x="-60" y="-60" width="720" height="880"><feGaussianBlur stdDeviation="6"/></filter>` +
  `<filter id="bl" filterUnits="userSpaceOnUse" x="-60" y="-60" width="720" height="880"><feGaussianBlur stdDeviation="16"/></filter>`;

function productSvg(key: string, color: (typeof GARMENT_COLORS)[number]): string {
  const g = GARMENTS[key];
  if (!g) throw new Error(`unknown garment ${key}`);
  const p = palette(color.hex);
  const c: Ctx = { p, pre: "g", n: 0, defs: [] };
  const art = g.draw(c);
  const isWhite = luminance(color.hex) > 0.85;
  const [top, bottom] = isWhite ? g.bg.map((h) => mix(h, "#7a7166", 0.07)) : g.bg;
  const title = `${color.name} ${g.label}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 750" role="img" aria-labelledby="t"><title id="t">${title}</title>` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<radialGradient id="gl" cx=".5" cy=".42" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    SHARED_DEFS +
    c.defs.join("") +
    `</defs><rect width="600" height="750" fill="url(#bg)"/><rect width="600" height="750" fill="url(#gl)"/>` +
    art +
    `</svg>\n`
  );
}

function placeholderSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 750" role="img" aria-labelledby="t"><title id="t">Image coming soon</title>` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1f1f0"/><stop offset="1" stop-color="#e3e3e1"/></linearGradient></defs>` +
    `<rect width="600" height="750" fill="url(#bg)"/>` +
    `<g fill="none" stroke="#b9b9b5" stroke-width="10" stroke-linecap="round" stroke-linejoin="round">` +
    `<path d="M276 300Q276 270 300 270Q324 270 324 294Q324 312 300 322V346"/>` +
    `<path d="M300 346L160 440Q146 452 162 456H438Q454 452 440 440Z"/>` +
    `</g><path d="M230 500H370" stroke="#cfcfcb" stroke-width="8" stroke-linecap="round"/></svg>\n`
  );
}

/** A hanger plus a garment scaled into place on the rail. */
function hung(key: string, hex: string, x: number, scale: number, pre: string, defs: string[], dy = 0): string {
  const g = GARMENTS[key];
  if (!g) throw new Error(`unknown garment ${key}`);
  const c: Ctx = { p: palette(hex), pre, n: 0, defs };
  const art = g.draw(c);
  // the garment neckline (y ≈ 165 in garment space) sits just below the hanger bar
  const top = 300 + dy;
  const w = 100 * scale;
  return (
    `<path d="M${x - 9} 200Q${x - 9} 186 ${x} 186Q${x + 10} 186 ${x + 9} 198Q${x + 7} 208 ${x} 214V${top - 26}" fill="none" stroke="#6b6259" stroke-width="3.5" stroke-linecap="round"/>` +
    `<path d="M${x - w} ${top + 6}Q${x} ${top - 44} ${x + w} ${top + 6}" fill="none" stroke="#b88f63" stroke-width="11" stroke-linecap="round"/>` +
    `<path d="M${x - w + 6} ${top + 1}Q${x} ${top - 47} ${x + w - 6} ${top + 1}" fill="none" stroke="#d8b68c" stroke-width="2.5" stroke-linecap="round"/>` +
    `<g transform="translate(${(x - 300 * scale).toFixed(1)} ${(top - 185 * scale).toFixed(1)}) scale(${scale})">${art}</g>`
  );
}

function heroSvg(): string {
  const defs: string[] = [];
  const s = 0.55;
  const items = [
    hung("coat", "#b8906a", 690, s, "a", defs),
    hung("shirt", "#f4f1ea", 830, s, "c", defs, 4),
    hung("sweater", "#6f7f63", 970, s, "d", defs, 2),
    hung("dress", "#b65e4a", 1110, s, "e", defs, -16),
    hung("jacket", "#1e2a4a", 1250, s, "f", defs, 2),
    hung("polo", "#9fb4c7", 1388, s, "i", defs, 6),
  ];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" role="img" aria-labelledby="t"><title id="t">A clothing rail with a coat, shirt, sweater, dress, jacket and polo in warm natural colours</title>` +
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1e9de"/><stop offset="1" stop-color="#e4d7c6"/></linearGradient>` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d8c6ae"/><stop offset="1" stop-color="#c9b397"/></linearGradient>` +
    `<radialGradient id="light" cx=".28" cy=".32" r=".75"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="rail" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d2b98c"/><stop offset=".5" stop-color="#a8895a"/><stop offset="1" stop-color="#7f6642"/></linearGradient>` +
    `<linearGradient id="pot" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ddd0bd"/><stop offset="1" stop-color="#b9a88f"/></linearGradient>` +
    `<filter id="soft" x="-20%" y="-100%" width="140%" height="300%"><feGaussianBlur stdDeviation="12"/></filter>` +
    SHARED_DEFS +
    defs.join("") +
    `</defs>` +
    `<rect width="1600" height="900" fill="url(#wall)"/>` +
    // arched alcove catching the light
    `<path d="M150 760V360A200 200 0 0 1 550 360V760Z" fill="#f7f1e8" opacity=".75"/>` +
    `<path d="M170 760V362A180 180 0 0 1 530 362V760" fill="none" stroke="#e8dccb" stroke-width="3"/>` +
    `<rect width="1600" height="900" fill="url(#light)"/>` +
    `<rect y="760" width="1600" height="140" fill="url(#floor)"/>` +
    `<rect y="756" width="1600" height="6" fill="#ebdfcf"/>` +
    `<ellipse cx="1040" cy="788" rx="500" ry="18" fill="#6d5a45" opacity=".25" filter="url(#soft)"/>` +
    `<ellipse cx="470" cy="784" rx="70" ry="10" fill="#6d5a45" opacity=".25" filter="url(#soft)"/>` +
    `<ellipse cx="105" cy="780" rx="60" ry="9" fill="#6d5a45" opacity=".25" filter="url(#soft)"/>` +
    // rail
    `<rect x="560" y="190" width="960" height="12" rx="6" fill="url(#rail)"/>` +
    `<path d="M572 196V780M1508 196V780" stroke="url(#rail)" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M532 782H612M1468 782H1548" stroke="#7f6642" stroke-width="10" stroke-linecap="round"/>` +
    items.join("") +
    // stool with a stack of folded knits
    `<path d="M410 640H530L522 662H418Z" fill="#b08a62"/><path d="M424 662L416 780M516 662L524 780M470 662V780" stroke="#8e6c4a" stroke-width="9" stroke-linecap="round"/>` +
    `<rect x="420" y="604" width="100" height="22" rx="7" fill="#d6b55a"/><rect x="418" y="620" width="104" height="22" rx="7" fill="#8f9a82"/><rect x="426" y="588" width="88" height="20" rx="7" fill="#f2ede4" stroke="#d4cbbd"/>` +
    // plant
    `<g fill="none" stroke="#6b7f5e" stroke-width="4" stroke-linecap="round"><path d="M98 660Q84 580 56 530M106 660Q114 560 146 510M102 660Q98 590 100 500M108 660Q138 600 166 572"/></g>` +
    `<g fill="#7d9470"><ellipse cx="56" cy="528" rx="13" ry="28" transform="rotate(-30 56 528)"/><ellipse cx="146" cy="508" rx="13" ry="30" transform="rotate(30 146 508)"/><ellipse cx="100" cy="498" rx="12" ry="30"/><ellipse cx="166" cy="570" rx="11" ry="25" transform="rotate(55 166 570)"/><ellipse cx="72" cy="590" rx="10" ry="23" transform="rotate(-50 72 590)"/><ellipse cx="124" cy="580" rx="10" ry="23" transform="rotate(20 124 580)"/></g>` +
    `<path d="M64 656H144L136 772Q104 782 72 772Z" fill="url(#pot)"/>` +
    `</svg>\n`
  );
}

// ---------------------------------------------------------------------------------------------

function main(): void {
  mkdirSync(productsDir, { recursive: true });
  let count = 0;
  let largest = 0;
  for (const key of Object.keys(GARMENTS)) {
    for (const color of GARMENT_COLORS) {
      const svg = productSvg(key, color);
      largest = Math.max(largest, Buffer.byteLength(svg));
      writeFileSync(join(productsDir, `${key}-${color.slug}.svg`), svg);
      count++;
    }
  }
  writeFileSync(join(imagesDir, "placeholder.svg"), placeholderSvg());
  const hero = heroSvg();
  writeFileSync(join(imagesDir, "hero.svg"), hero);
  console.log(
    `wrote ${count} product images (largest ${largest} bytes), placeholder.svg, hero.svg (${Buffer.byteLength(hero)} bytes)`,
  );
}

main();
