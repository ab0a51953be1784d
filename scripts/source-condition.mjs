// `import '…/scripts/source-condition.mjs'` (or `node --import ./scripts/source-condition.mjs`): Node resolves
// Portico's packages to their sources in this process. The published packages' `exports` list the
// `@portico/source` condition first; a dapp never sets it and gets dist/.
import { register } from 'node:module'

register('./source-condition-hooks.mjs', import.meta.url)
