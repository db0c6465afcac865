import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

// The UI is served by `jarvis start` from dist/ui; `vite` alone is only for development.
export default defineConfig({
  root,
  base: "/",
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("../dist/ui", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: { host: "127.0.0.1", proxy: { "/api": "http://127.0.0.1:7777", "/ws": { target: "ws://127.0.0.1:7777", ws: true } } },
});
