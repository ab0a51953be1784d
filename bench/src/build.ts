import { spawn } from 'node:child_process'
import { appOut, root, type AppName } from './paths.ts'

const CONFIG: Record<AppName, string> = { demo: 'demo/vite.config.ts', floor: 'bench/floor/vite.config.ts' }

/**
 * Production build with a manifest (static vs dynamic imports) and hidden source maps (for the
 * own-code vs dependency split; "hidden" leaves the JavaScript byte-identical to a normal build).
 */
export function buildApp(app: AppName, extraEnv: Record<string, string> = {}): Promise<void> {
  // `PORTICO_DEMO_OUT` in `extraEnv` builds elsewhere (the N-tab figure's demo, for its own sandbox).
  const out = extraEnv['PORTICO_DEMO_OUT'] ?? appOut(app)
  const args = ['node_modules/vite/bin/vite.js', 'build', '-c', CONFIG[app], '--outDir', out, '--emptyOutDir', '--manifest', '--sourcemap', 'hidden', '--logLevel', 'warn']
  const env = { ...process.env, NODE_ENV: 'production', PORTICO_SANDBOX_WALLET: '0', PORTICO_DEMO_OUT: out, BENCH_FLOOR_OUT: out, ...extraEnv }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build of ${app} exited with ${code}`))))
  })
}

export async function buildAll(apps: readonly AppName[], extraEnv: Record<string, string> = {}): Promise<void> {
  for (const app of apps) await buildApp(app, extraEnv)
}
