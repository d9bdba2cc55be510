/**
 * The flags every Chromium of ours starts with (the browser suite's, the benches'): no sandbox (the
 * machines run as root), no GPU, and none of the browser's own background traffic (updates, sync, QUIC
 * probes) to blur what is measured or tested.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
