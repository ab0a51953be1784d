export { getBalances, getBalancesKey, type GetBalancesParameters, type GetBalancesReturnType } from './actions/getBalances.ts'
export { createCore, type Core, type CreateCoreParameters } from './core.ts'
export { createHttpClient, isRetryable, parseRetryAfter, RETRY_STATUSES, type HttpClient, type HttpClientOptions } from './http.ts'
export { createStorage, type CoreStorage, type CreateStorageParameters, type StorageKind } from './storage.ts'
