// The Worker's sources import without extensions (bundlers resolve them); Node needs ".ts" or "/index.ts".
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";

registerHooks({
  resolve(specifier, context, next) {
    if (
      (specifier.startsWith("./") || specifier.startsWith("../")) &&
      !/\.[cm]?[jt]s$/.test(specifier) &&
      context.parentURL
    ) {
      for (const tail of [".ts", "/index.ts"]) {
        const href = new URL(specifier + tail, context.parentURL).href;
        if (existsSync(fileURLToPath(href))) return next(href, context);
      }
    }
    return next(specifier, context);
  },
});
