import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach } from 'vitest'
import { loadAllCatalogues } from './catalogues.ts'
import { cleanupAnnouncedWallets } from './harness.tsx'

// A lazy view's first render imports its chunk: on a busy 2-core machine (npm test builds the examples alongside)
// that took more than Testing Library's 1 s default for `findBy…` and `waitFor`. A wait still ends as soon as what it
// waits for is there.
configure({ asyncUtilTimeout: 5_000 })

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
