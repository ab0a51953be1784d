// The page's configuration reader, at the path reliability/fuzz/config.ts imports it from. The
// session's code is in session/ (session/session.ts); the reader itself is session/config.ts.
export { parseConfig } from './session/config.ts'
