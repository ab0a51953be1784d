import { fileURLToPath } from 'node:url'
import { porticoServiceWorker } from '@portico/service-worker/vite'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'

const walletEntry = fileURLToPath(new URL('../sandbox/wallet/inject.ts', import.meta.url))
const WALLET_ID = '/@portico/sandbox-wallet'

/**
 * Development only: loads the sandbox's test wallet into the page as its own script, the way a browser
 * extension injects itself. On by default with the dev server; a build includes it only when
 * PORTICO_SANDBOX_WALLET=1 (the end-to-end tests). A production build never has it.
 */
function sandboxWallet(enabled: boolean): Plugin {
  return {
    name: 'portico-sandbox-wallet',
    resolveId: (id) => (id === WALLET_ID ? walletEntry : undefined),
    transformIndexHtml: {
      order: 'pre',
      handler: () => (enabled ? [{ tag: 'script', attrs: { type: 'module', src: WALLET_ID }, injectTo: 'head' }] : []),
    },
  }
}

/** The embedded wallet's frame service (`embeddedWalletUrl`): the one origin the page may frame. */
export const FRAME_ORIGIN = new URL(process.env.VITE_PORTICO_FRAME_URL ?? 'http://127.0.0.1:8790').origin

/**
 * The Content-Security-Policy the demo is served with when its frame service is at `frameOrigin`:
 * Portico must work under it. The embedded wallet adds only `frame-src` of its frame's origin (and the
 * same loopback service under `localhost`, `?frameHost=localhost`, for passkeys: browsers refuse an IP
 * address as their relying party). No page may frame the dapp (`frame-ancestors 'none'`, against
 * clickjacking its own buttons), and no injected `<base>` can move its relative URLs.
 */
export function contentSecurityPolicy(frameOrigin: string): string {
  const frames = frameOrigin.startsWith('http://127.0.0.1') ? `${frameOrigin} ${frameOrigin.replace('127.0.0.1', 'localhost')}` : frameOrigin
  return `default-src 'self'; img-src 'self' data: blob: http://127.0.0.1:*; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*; frame-src ${frames}; frame-ancestors 'none'; base-uri 'self'`
}

/** The policy for this build's frame service (VITE_PORTICO_FRAME_URL). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(FRAME_ORIGIN)

export default defineConfig(({ command }) => {
  const withWallet = command === 'serve' ? process.env.PORTICO_SANDBOX_WALLET !== '0' : process.env.PORTICO_SANDBOX_WALLET === '1'
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    // Portico's service worker: served at /portico-service-worker.js in dev, emitted with the shell's precache list by
    // `vite build`; PorticoProvider registers it on the visitor's first intent.
    plugins: [react(), sandboxWallet(withWallet), porticoServiceWorker()],
    // Portico's packages from their sources (the `@portico/source` export condition); a dapp gets dist/.
    resolve: { conditions: ['@portico/source', ...defaultClientConditions] },
    worker: { format: 'es' },
    // Every dependency the page, its lazy views and the workers import, so a first visit to the dev
    // server is not reloaded halfway by a late discovery.
    optimizeDeps: {
      include: [
        'comlink',
        'mipd',
        'zod',
        'idb-keyval',
        'viem',
        'viem/accounts',
        'viem/utils',
        'viem/siwe',
        'react',
        'react-dom/client',
        'uqr',
        '@tanstack/react-virtual',
        'workbox-window',
        '@walletconnect/universal-provider',
      ],
    },
    build: { outDir: process.env.PORTICO_DEMO_OUT ?? 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1024, modulePreload: false },
    server: { host: '127.0.0.1', port: Number(process.env.PORTICO_DEMO_PORT ?? 5173), strictPort: true },
    preview: {
      host: '127.0.0.1',
      port: Number(process.env.PORTICO_DEMO_PORT ?? 5173),
      strictPort: true,
      headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
    },
  }
})
