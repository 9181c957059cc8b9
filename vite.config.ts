import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  optimizeDeps: { include: ['pixi.js', 'zustand/vanilla'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
});
