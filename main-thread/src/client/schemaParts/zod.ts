/**
 * The first part of what `prepare()` loads ahead of the configuration's schemas: zod's code alone (its
 * core and mini flavour, as the packages configure it). It re-exports a schema builder (which builds
 * nothing until called) so the bundler keeps zod's evaluation in this part.
 */
export { safeWebUrlSchema } from '@portico/shared-types/safeUrlSchema'
