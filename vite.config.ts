import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Local D1/R2 state; the end-to-end suite points this elsewhere so it never touches a developer's data.
const stateDir = process.env.REELPAY_STATE_DIR ?? ".wrangler/state";

export default defineConfig({
  plugins: [react(), tailwindcss(), cloudflare({ persistState: { path: stateDir } })],
  server: { port: 5173, strictPort: true },
  build: { outDir: "dist" },
});
