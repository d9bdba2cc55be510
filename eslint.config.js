// ESLint (flat config): TypeScript rules, the React hooks rules, and the architecture rule of
// docs/decisions/0007-one-way-layers.md — dependencies point one way and never go round in a circle.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The layers, top to bottom. A layer may import the layers below it, never one above. */
const server = "./server";
const appShell = ["./app/root.tsx", "./app/entry.server.tsx", "./app/routes.ts", "./app/services.server.ts"];
const routes = "./app/routes";
const components = "./app/components";
const modules = "./app/modules";
const lib = "./app/lib";
const db = "./db";

const layerZones = [
  {
    target: routes,
    from: [server, "./app/root.tsx", "./app/entry.server.tsx", "./app/routes.ts"],
    message: "Routes import components, modules, lib and the composition root (services.server.ts) only.",
  },
  {
    target: components,
    from: [server, ...appShell, routes],
    message: "Components never import routes, the app shell or the server.",
  },
  {
    target: modules,
    from: [server, ...appShell, routes, components],
    message:
      "Modules never import routes, components, the app shell or the server: hand them what they need as arguments.",
  },
  {
    target: lib,
    from: [server, ...appShell, routes, components, modules],
    message: "lib is plumbing: it imports no module, component or route.",
  },
  {
    target: db,
    from: [server, ...appShell, routes, components, modules],
    message: "db (schema, migrations, seed data) imports only lib.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "build-*/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "coverage/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // no-cycle reads the imported files: it must parse TypeScript to follow them.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
    },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // A catalogue write announces its change itself (product-admin/catalog-commands.server.ts): a route
    // that had to remember to empty the caches could forget.
    files: ["app/routes/**/*.ts", "app/routes/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='invalidateCatalog']",
          message: "Routes do not empty the catalogue's caches: call the write through services().catalogCommands.",
        },
      ],
    },
  },
  {
    // The storefront links with SiteLink (components/ui/site-link.tsx): React Router's <Link> resolves its
    // path and sets up prefetch state on every render. <Link> stays where those are used: the pagination
    // (prefetch on intent) and the back offices.
    files: ["app/components/**/*.tsx", "app/routes/**/*.tsx"],
    ignores: [
      "app/components/admin/**",
      "app/components/secure-admin/**",
      "app/components/back-office/**",
      "app/routes/admin*.tsx",
      "app/routes/secure-admin*.tsx",
      "app/components/ui/pagination.tsx",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["Link"],
              message: "Storefront pages link with SiteLink (~/components/ui/site-link).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and scripts drive every layer on purpose.
    files: ["tests/**", "scripts/**"],
    rules: { "import-x/no-restricted-paths": "off" },
  },
);
