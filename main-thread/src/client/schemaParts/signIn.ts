/**
 * The sign-in's schemas, a part of the configuration's loaded ahead (`prepare()`, after `zod.ts`).
 * Building zod schemas is the slow part of loading them (each schema is an object zod sets up), so
 * they are built a part per idle task rather than in one long task on a slow CPU. It re-exports one
 * schema so the bundler keeps the module's work in this part.
 */
export { siwxConfigSchema } from '@portico/shared-types/siwx-config'
