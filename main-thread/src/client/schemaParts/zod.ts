/**
 * The first part of what `prepare()` loads ahead of the configuration's schemas: zod's code (its core
 * and mini flavour, as the packages configure it) with the CAIP identifiers' schemas, which every
 * later part uses. It re-exports what the bundler needs to keep that evaluation in this part.
 */
export { caipNetworkIdSchema } from '@portico/shared-types/caip'
export { safeWebUrlSchema } from '@portico/shared-types/safeUrlSchema'
