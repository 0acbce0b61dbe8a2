// `npm run bench:cost` (bench/cost/main.ts). The Worker's sources import without extensions, which Node resolves
// only with the hook below, registered before the first of them loads (a static import would be resolved first).
import "./notifications/resolve-ts.ts";

await import("./cost/main.ts");
