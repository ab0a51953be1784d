import { porticoServiceWorker } from '@portico/service-worker/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  // Portico's service worker: served in dev, emitted with the build's precache list.
  plugins: [react(), porticoServiceWorker()],
  // Portico's core runs in a module worker that splits into chunks.
  worker: { format: 'es' },
  // The dev server serves Portico as it is (its worker URLs are resolved per file), not pre-bundled.
  optimizeDeps: { exclude: ['@portico/react', '@portico/worker-core'] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
})
