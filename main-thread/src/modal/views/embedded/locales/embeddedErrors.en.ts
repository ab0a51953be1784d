import { EMBEDDED_ERRORS } from '@portico/shared-types/errors'

/** The embedded wallet's error texts (en): the frame's own texts. */
export default EMBEDDED_ERRORS
