// The Solidity compiler in a process of its own: solc-js bundles soljson.js, the compiler, under
// GPL-3.0, so the sandbox runs it only as a separate program (`node solc-process.mjs`), never in its
// own process. Reads { input, contractsDir } (solc's standard JSON input and the folder imports are
// read from) on stdin and writes solc's standard JSON output on stdout.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const solc = require('solc')

let text = ''
process.stdin.setEncoding('utf8')
for await (const chunk of process.stdin) text += chunk
const { input, contractsDir } = JSON.parse(text)

/** solc's import callback: `@scope/pkg/...` from node_modules, anything else from the contracts folder. */
function findImports(path) {
  try {
    const file = path.startsWith('@') ? require.resolve(path) : join(contractsDir, path)
    return { contents: readFileSync(file, 'utf8') }
  } catch {
    return { error: `File not found: ${path}` }
  }
}

process.stdout.write(solc.compile(JSON.stringify(input), { import: findImports }))
