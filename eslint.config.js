import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// ---- Worker layers (docs/architecture.md §1): lib ← db ← domain ← HTTP (routes, middleware, app.ts, index.ts,
// scheduled.ts, spa/, watch-sessions/). Each layer may import only the layers to its left. Patterns are matched
// against the import as written (relative paths), so `**/domain/**` catches "../../domain/x". Test files may
// reach further down to set up data, so the SQL rules below skip them; the direction rules still hold for them.
const HTTP_LAYER = [
  "**/routes",
  "**/routes/**",
  "**/middleware",
  "**/middleware/**",
  "**/app",
  "**/app.ts",
  "**/watch-sessions/**",
  "**/spa/**",
  "**/scheduled",
  "**/scheduled.ts",
];
const layerRule = (group, message) => ["error", { patterns: [{ group, message }] }];
const HONO = ["hono", "hono/*", "@hono/*"];
const DRIZZLE = ["drizzle-orm", "drizzle-orm/*"];
const DB_SCHEMA = ["**/db/schema", "**/db/schema/**", "**/db/schema.ts"];
const DB_QUERIES = ["**/db/queries", "**/db/queries/**"];
const HTTP_NO_TABLES =
  "The HTTP layer imports no drizzle and no tables: they stay below worker/db (row types: worker/db/queries/rows.ts).";

// ESLint cannot tell SQL text from other strings by its imports, so the domain's "no SQL" is also checked by
// shape: no raw D1 handle, no prepared statements, no drizzle builder calls on `db`, no SQL keywords in strings.
const NO_SQL_SYNTAX = [
  "error",
  {
    selector: "MemberExpression[property.name='$client']",
    message: "Domain code goes through worker/db/queries, not the raw D1 handle.",
  },
  {
    selector: "CallExpression[callee.property.name='prepare']",
    message: "SQL statements belong in worker/db/queries.",
  },
  {
    selector:
      "CallExpression[callee.object.name='db'][callee.property.name=/^(select|selectDistinct|insert|update|delete|batch|all|get|run|values|query|with)$/]",
    message: "Drizzle query building belongs in worker/db/queries; call a query function instead.",
  },
  {
    selector:
      "TemplateElement[value.raw=/\\b(select\\s[\\s\\S]*\\sfrom|insert\\s+(or\\s+\\w+\\s+)?into|update\\s+\\w+\\s+set|delete\\s+from)\\b/i]",
    message: "SQL text belongs in worker/db/queries.",
  },
  {
    selector:
      "Literal[value=/\\b(select\\s[\\s\\S]*\\sfrom|insert\\s+(or\\s+\\w+\\s+)?into|update\\s+\\w+\\s+set|delete\\s+from)\\b/i]",
    message: "SQL text belongs in worker/db/queries.",
  },
];
// ---- end of the worker layers' constants (their rules follow the shared ones below).

// ---- SPA layers (docs/decisions/069): src/lib ← src/stores ← src/queries ← src/hooks ← src/components ←
// src/routes ← src/app-routes.tsx, src/main.tsx. Each folder may import only the folders to its left (and
// common/); src/test is for tests. Matched against the import as written, as the worker's are; the SPA never
// imports worker/ code (only generated types in src/lib), so "**/queries/**" cannot mean worker/db/queries.
const SPA_ABOVE_ROUTES = ["**/app-routes", "**/main"];
const SPA_ABOVE_COMPONENTS = ["**/routes", "**/routes/**", ...SPA_ABOVE_ROUTES];
const SPA_ABOVE_HOOKS = ["**/components", "**/components/**", ...SPA_ABOVE_COMPONENTS];
const SPA_ABOVE_QUERIES = ["**/hooks", "**/hooks/**", ...SPA_ABOVE_HOOKS];
const SPA_ABOVE_STORES = ["**/queries", "**/queries/**", ...SPA_ABOVE_QUERIES];
const SPA_ABOVE_LIB = ["**/stores", "**/stores/**", ...SPA_ABOVE_STORES];

export default tseslint.config(
  {
    ignores: [
      "dist",
      ".wrangler",
      ".cache",
      "node_modules",
      "worker-configuration.d.ts",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },

  // ---- Worker layers: one block per layer (later blocks would replace, not extend, an earlier block's
  // no-restricted-imports for the same file, so the globs do not overlap).
  {
    // lib: pure utilities; nothing of ours but lib.
    files: ["worker/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": layerRule(
        ["**/db", "**/db/**", "**/domain/**", ...HTTP_LAYER],
        "worker/lib imports nothing of ours but worker/lib.",
      ),
    },
  },
  {
    // db: the drizzle client, schema, queries and statement builders; may import lib.
    files: ["worker/db/**/*.ts"],
    rules: {
      "no-restricted-imports": layerRule(
        ["**/domain/**", ...HTTP_LAYER, ...HONO],
        "worker/db may import worker/lib only (no domain rules, no HTTP).",
      ),
    },
  },
  {
    // domain: services and rules; no HTTP, no status codes (lib/errors kinds), no SQL (db/queries functions).
    files: ["worker/domain/**/*.ts"],
    ignores: ["worker/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": layerRule(
        [...HTTP_LAYER, ...HONO, ...DRIZZLE],
        "worker/domain may import worker/db and worker/lib only: no HTTP, no drizzle (SQL lives in worker/db/queries).",
      ),
      "no-restricted-syntax": NO_SQL_SYNTAX,
    },
  },
  {
    // Domain tests set up rows with drizzle and raw SQL, but stay out of HTTP internals like the code they test.
    files: ["worker/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": layerRule([...HTTP_LAYER, ...HONO], "worker/domain tests do not import the HTTP layer."),
    },
  },
  {
    // Routes (and their serializers): validate, call a service, serialize (docs/decisions/041, 070). Reads and
    // writes alike go through worker/domain, so nothing here imports worker/db/queries at run time; a serializer
    // may import a row's type. Their tests set up rows directly and are left out, as the domain's are from its
    // SQL rules.
    files: ["worker/routes/**/*.ts"],
    ignores: ["worker/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: [...DRIZZLE, ...DB_SCHEMA], message: HTTP_NO_TABLES },
            {
              group: DB_QUERIES,
              allowTypeImports: true,
              message:
                "Routes read and write through services in worker/domain (docs/decisions/070), never a query; only `import type` of a row type may come from worker/db/queries.",
            },
          ],
        },
      ],
    },
  },
  {
    // The rest of the HTTP layer (middleware, the SPA's pages, the watch-session objects, the entry points) may
    // still call queries: the session lookup, rate limits, the statements a watch-session object writes.
    files: [
      "worker/middleware/**/*.ts",
      "worker/spa/**/*.ts",
      "worker/watch-sessions/**/*.ts",
      "worker/app.ts",
      "worker/index.ts",
      "worker/scheduled.ts",
    ],
    ignores: ["worker/**/*.test.ts"],
    rules: { "no-restricted-imports": layerRule([...DRIZZLE, ...DB_SCHEMA], HTTP_NO_TABLES) },
  },
  {
    // common: rules and schemas both the SPA and the Worker use (docs/decisions/024); it stands on its own.
    files: ["common/**/*.ts"],
    rules: {
      "no-restricted-imports": layerRule(
        ["**/worker/**", "**/src/**", ...HONO, ...DRIZZLE, "react", "react-*"],
        "common/ imports nothing but zod: both sides import it.",
      ),
    },
  },
  // ---- end of the worker layers.

  // ---- SPA layers: one block per folder, none overlapping another block's no-restricted-imports (see above).
  // Tests are held to them too: a test sets up through src/test, not by reaching into a higher folder.
  {
    // lib: the typed API client and its modules, query keys, formatting, pure helpers.
    files: ["src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": layerRule(
        SPA_ABOVE_LIB,
        "src/lib imports nothing of the SPA but src/lib (and common/): move what it needs down here.",
      ),
    },
  },
  {
    // stores: zustand UI state (docs/decisions/026); may import lib.
    files: ["src/stores/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": layerRule(SPA_ABOVE_STORES, "src/stores may import src/lib only.") },
  },
  {
    // queries: every TanStack Query hook (docs/decisions/026); may import lib and stores.
    files: ["src/queries/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": layerRule(
        SPA_ABOVE_QUERIES,
        "src/queries may import src/lib and src/stores only: no hooks, components or screens.",
      ),
    },
  },
  {
    // hooks: UI behaviour shared by components (playback, ads, popovers); may import lib, stores, queries.
    files: ["src/hooks/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": layerRule(
        SPA_ABOVE_HOOKS,
        "src/hooks may import src/lib, src/stores and src/queries only: move what a hook shares with a component down to src/lib or src/hooks.",
      ),
    },
  },
  {
    // components: shared UI; may import everything below, never a screen.
    files: ["src/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": layerRule(
        SPA_ABOVE_COMPONENTS,
        "src/components never import a screen (src/routes) or the app's entry.",
      ),
    },
  },
  {
    // routes: the screens, lazily loaded by src/app-routes.tsx; they do not import the entry.
    files: ["src/routes/**/*.{ts,tsx}"],
    ignores: ["src/routes/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": layerRule(
        SPA_ABOVE_ROUTES,
        "src/routes do not import src/app-routes.tsx or src/main.tsx.",
      ),
    },
  },
  {
    // TanStack Query is used through the hooks in src/queries only (docs/decisions/026, 069); the entry
    // (src/main.tsx) provides the client and src/test renders with a fresh one.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/queries/**", "src/main.tsx", "src/test/**", "src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='@tanstack/react-query'] ImportSpecifier[imported.name=/^use/]",
          message:
            "Server state lives in src/queries (docs/decisions/026): call or add a named hook there instead of using TanStack Query here.",
        },
      ],
    },
  },
  // ---- end of the SPA layers.

  // Test helpers live in worker/test and src/test; product code never imports them, nor the test runners'
  // modules. This is the typescript-eslint copy of no-restricted-imports, so it adds to the layer rules above
  // instead of replacing them (ESLint keeps one configuration per rule name and file).
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "worker/test/**", "src/test/**", "e2e/**", "*.config.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/test", "**/test/**"],
              message: "Test helpers (worker/test, src/test) are for *.test.* files only.",
            },
            {
              group: ["vitest", "vitest/*", "cloudflare:test", "fast-check", "@testing-library/*", "happy-dom"],
              message: "Test tooling is for *.test.* files and worker/test, src/test only.",
            },
          ],
        },
      ],
    },
  },

  // Type-aware rules: a promise nobody awaits or handles is a lost error (or a lost write) waiting to happen.
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
    },
  },
  // The rules of hooks and exhaustive dependencies for the SPA.
  { files: ["src/**/*.{ts,tsx}"], ...reactHooks.configs.flat["recommended-latest"] },
);
