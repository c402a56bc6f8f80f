import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./vite-plugins/precompress.ts";

const apiPort = process.env.API_PORT ?? "3000";
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|zod|@tanstack[\\/](react-router|router-core|history|react-query|query-core|store|react-store))[\\/]/;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
    }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  server: {
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs (React, the router, the query cache, zod) in one file rather than a
          // dozen small shared chunks, each a request with its own headers (decision 009).
          groups: [{ name: "framework", test: FRAMEWORK }],
        },
      },
    },
  },
});
