import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

/**
 * The browser's chunks. Left alone, the bundler gives every module that two routes share a file of its
 * own: a /shop document listed 40 modulepreloads, six of them React and React Router's parts and
 * fourteen of them icons (a file of a few hundred bytes each). React and React Router go in one chunk,
 * which every page loads anyway. The storefront's icons (components/ui/icons.tsx) and its link
 * (components/ui/site-link.tsx), which every storefront page uses, go in one chunk; the Lucide icons that
 * more than one back-office route uses go in another.
 */
const CLIENT_CHUNKS = [
  { name: "framework", test: /node_modules[\\/](?:react|react-dom|react-router|scheduler|turbo-stream|cookie)[\\/]/ },
  { name: "storefront-ui", test: /app[\\/]components[\\/]ui[\\/](?:icons|site-link)\.tsx$/ },
  { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2 },
];

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : { output: { codeSplitting: { groups: CLIENT_CHUNKS } } },
  },
  ssr: {
    // Native/wasm packages stay outside the server bundle.
    external: ["@electric-sql/pglite", "pg", "sharp"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
