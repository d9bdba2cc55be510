/**
 * The page's modules, fetched after what the first screen needs (issue 33, decision 0044).
 *
 * React Router's `<Scripts>` (at the end of the body, `root.tsx`) names every module a page runs as a
 * `<link rel="modulepreload">`: 25–35 files, ~150 KB compressed; the browser's preload scanner finds them
 * while the document is still arriving. A module preload is fetched at high priority, so on a slow
 * connection those files share the line with the stylesheet and the first screen's images, though the
 * browser paints without them (a module script runs after the document is parsed, and React hydrates
 * markup that is already on screen). Lighthouse's estimate counts them as blocking the paint for the same
 * reason. At low priority the browser still starts them at once but serves the stylesheet and the images
 * first; the scripts arrive, and hydrate the page, a little later.
 */
const MODULE_PRELOAD = '<link rel="modulepreload" href=';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low" href=';

/**
 * The document with each module preload that React Router rendered marked `fetchpriority="low"`. They
 * stand together where `<Scripts>` is, so only that stretch of the document is rewritten.
 */
export function lowPriorityModulePreloads(html: string): string {
  const first = html.indexOf(MODULE_PRELOAD);
  if (first < 0) return html;
  const last = html.lastIndexOf(MODULE_PRELOAD);
  const end = last + MODULE_PRELOAD.length;
  const stretch = html.slice(first, end).replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
  return html.slice(0, first) + stretch + html.slice(end);
}
