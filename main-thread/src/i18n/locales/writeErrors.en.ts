/** writeErrors texts (en): the one English table of the write path's errors, kept in shared-types. */
export { WRITE_ERROR_TEXTS as default } from '@portico/shared-types/write'
