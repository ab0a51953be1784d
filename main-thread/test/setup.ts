import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadAllCatalogues } from './catalogues.ts'

// In the page, a view's chunk brings the texts of the visitor's language; tests render views directly.
await loadAllCatalogues()

afterEach(() => {
  cleanup()
  localStorage.clear()
})
