// A static export (`out/`), served by any static host; `next start` serves the same app. Portico needs
// nothing here: `@portico/react` spawns the core as
// `new SharedWorker(new URL('@portico/worker-core/shared-worker', import.meta.url))`, which Turbopack
// (`next build`) and webpack 5 (`next build --webpack`) resolve from node_modules and emit.
/** @type {import('next').NextConfig} */
export default { output: 'export' }
