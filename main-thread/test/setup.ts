import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach } from 'vitest'
import { loadAllCatalogues } from './catalogues.ts'
import { cleanupAnnouncedWallets } from './harness.tsx'

// In the page, a view's chunk brings the texts of the visitor's language; tests render views directly.
await loadAllCatalogues()

afterEach(() => {
  cleanup()
  localStorage.clear()
})

// The files of a worker share one window (vitest.config.ts: isolate: false): what a file put on it goes with the file.
afterAll(() => {
  cleanupAnnouncedWallets()
})
