import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets a benchmark or a second checkout build beside the usual ./build.
  buildDirectory: process.env.BUILD_DIR || "build",
  future: {
    // Client code of a route is split so that a page downloads only what it renders.
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    // Loaders and actions get the request as it came (the normalised URL is their `url` argument): React Router
    // otherwise builds two more `Request`s for every loader it calls (decision 0020).
    v8_passThroughRequests: true,
  },
} satisfies Config;
