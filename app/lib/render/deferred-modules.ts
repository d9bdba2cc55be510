/**
 * A storefront page's modules, started once its first screen is on the glass (issue 33, decision 0045).
 *
 * React Router names every module a page runs as a `<link rel="modulepreload">` (25–35 files, ~150 KB
 * compressed) and imports them from one inline module script. The browser fetches them with the document,
 * though the page paints without them: the markup is rendered on the server, and links and forms work
 * before React hydrates. On a slow phone they share the line with the stylesheet and the first screen's
 * images; in Lighthouse's estimate every one that arrived before the largest paint holds that paint.
 *
 * So the document carries them inert: the preloads' addresses in a `data-preload` attribute and React
 * Router's script as `type="text/x-deferred-module"` (a type the browser neither runs nor fetches for).
 * A small classic script at the end of the body starts them — the module script, with the same nonce
 * and text (so a page whose policy allows that text by its hash allows it too), then the preloads, a few
 * a task — at the first of:
 * - the first paint has been presented and the first screen's images (`fetchpriority="high"`) have
 *   loaded, and one more frame has passed;
 * - the shopper touches, clicks or presses a key;
 * - `START_AT_THE_LATEST_MS` after the script ran.
 */
export const START_AT_THE_LATEST_MS = 3000;

/**
 * Each preload a script adds costs the main thread 0.15–0.3 ms on a quiet machine (33 in one task: 5–16
 * ms, which a phone's four times slower processor makes a long task), and up to 2.5 ms on a busy one:
 * in Chromium slowed four times, a task of eight took 61–87 ms. Three a task stay under 50 ms there.
 */
const PRELOADS_A_TASK = 3;

/** The id and type of React Router's module script while it waits. */
export const DEFERRED_SCRIPT_ID = "page-modules";
export const DEFERRED_SCRIPT_TYPE = "text/x-deferred-module";

const MODULE_PRELOAD = /<link rel="modulepreload" href="(\/[^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/g;

/** The starter, as it runs in the browser (ES5: it must run wherever the page is opened). */
const STARTER = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var inert = document.getElementById("${DEFERRED_SCRIPT_ID}");
    if (!inert) return;
    var script = document.createElement("script");
    script.type = "module";
    if (inert.nonce) script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    document.body.appendChild(script);
    preload(JSON.parse(inert.getAttribute("data-preload") || "[]"));
  }
  function preload(hrefs) {
    hrefs.slice(0, ${PRELOADS_A_TASK}).forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    if (hrefs.length > ${PRELOADS_A_TASK}) setTimeout(function () { preload(hrefs.slice(${PRELOADS_A_TASK})); }, 0);
  }
  ["pointerdown", "keydown", "touchstart"].forEach(function (type) {
    addEventListener(type, start, { once: true, passive: true, capture: true });
  });
  setTimeout(start, ${START_AT_THE_LATEST_MS});
  var waiting = 2;
  function ready() {
    if (--waiting === 0) requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  var images = [].filter.call(document.querySelectorAll('img[fetchpriority="high"]'), function (img) {
    return !img.complete;
  });
  var left = images.length;
  if (!left) ready();
  images.forEach(function (img) {
    function one() { if (--left === 0) ready(); }
    img.addEventListener("load", one, { once: true });
    img.addEventListener("error", one, { once: true });
  });
  var painted = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes &&
    PerformanceObserver.supportedEntryTypes.indexOf("paint") >= 0;
  if (!painted) return ready();
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); ready(); }
  }).observe({ type: "paint", buffered: true });
})();`.replace(/\n\s*/g, " ");

/**
 * The document with its modules deferred as described above. A document without React Router's module
 * script (or with more than one) is returned as it is.
 */
export function deferPageModules(html: string): string {
  // React Router's <Scripts> (the preloads, then the module script) end the body: only that tail is
  // searched and rebuilt, not the whole document (~50 KB for a shop page).
  const marker = html.indexOf(' type="module" async="">');
  if (marker < 0) return html;
  const script = html.lastIndexOf("<script", marker);
  if (script < 0) return html;
  const preload = html.indexOf('<link rel="modulepreload"');
  const from = preload >= 0 && preload < script ? preload : script;
  return html.slice(0, from) + deferInTail(html.slice(from));
}

function deferInTail(html: string): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (scripts.length !== 1) return html;
  const nonce = scripts[0]![1]!;
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_tag, href: string) => {
    hrefs.push(href);
    return "";
  });
  const preload = JSON.stringify(hrefs).replaceAll('"', "&quot;");
  const inert = withoutPreloads.replace(
    MODULE_SCRIPT,
    `<script${nonce} type="${DEFERRED_SCRIPT_TYPE}" id="${DEFERRED_SCRIPT_ID}" data-preload="${preload}">`,
  );
  const end = inert.lastIndexOf("</body>");
  if (end < 0) return html;
  return `${inert.slice(0, end)}<script${nonce}>${STARTER}</script>${inert.slice(end)}`;
}
