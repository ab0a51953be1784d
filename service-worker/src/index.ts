export {
  CATALOGUE_CACHE,
  CATALOGUE_CACHE_MAX_AGE_SECONDS,
  CATALOGUE_CACHE_MAX_ENTRIES,
  GET_VERSION,
  IMAGE_CACHE,
  IMAGE_CACHE_MAX_AGE_SECONDS,
  IMAGE_CACHE_MAX_ENTRIES,
  SERVICE_WORKER_FILE,
  SKIP_WAITING,
} from './constants.ts'
export { catalogueBase, isCatalogueImageRequest, isCatalogueListingRequest, type CatalogueBase } from './routes.ts'
export { serviceWorkerUrl } from './options.ts'
