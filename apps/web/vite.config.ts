import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist/ in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
});
