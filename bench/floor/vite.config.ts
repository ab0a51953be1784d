import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** Built exactly like the demo (same plugin, target and worker format), minus Portico. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  worker: { format: 'es' },
  build: { outDir: process.env.BENCH_FLOOR_OUT ?? '../.out/floor', emptyOutDir: true, target: 'es2022' },
})
