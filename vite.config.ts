import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  base: './',
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  optimizeDeps: { include: ['pixi.js', 'zustand/vanilla'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
  plugins: [
    // Offline after one load: the service worker precaches every built file (hashed names, one
    // manifest per build), so a build is served whole or not at all. A new build waits until the
    // player reloads (src/ui/update.ts): never an old page with new chunks. No worker in dev.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,json,wasm}'],
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // the PixiJS bundle is over the 2 MB default
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
  ],
});
