// `npm run house`: the figures of the code's shape, for a review: the largest product functions, the
// plain `new Error(` left in product code, and the worker's cache keys written outside the shared
// query-key builders. Reads the sources as TypeScript; changes nothing. Exits non-zero when a plain
// `new Error(` or a cache key outside the builders is found (`npm test` runs it); the functions over
// the limit are information.
import { readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import ts from 'typescript'

const PACKAGES = ['shared-types/src', 'worker-core/src', 'main-thread/src', 'service-worker/src', 'frame-service/src']
const isProduct = (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$|\/test-|\/testing\/|\/test\/|\.d\.ts$/.test(file)
const files = execFileSync('git', ['ls-files', ...PACKAGES], { encoding: 'utf8' })
  .split('\n')
  .filter(isProduct)

const functions = []
const plainErrors = []
const looseKeys = []
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1
  const nameOf = (node) => {
    if (node.name && ts.isIdentifier(node.name)) return node.name.text
    const parent = node.parent
    if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name && 'text' in parent.name) return parent.name.text
    return '(anonymous)'
  }
  const visit = (node) => {
    if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) && node.body) {
      const lines = lineOf(node.body.end) - lineOf(node.body.getStart(source)) + 1
      functions.push({ where: `${file}:${lineOf(node.getStart(source))}`, name: nameOf(node), lines })
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Error') plainErrors.push(`${file}:${lineOf(node.getStart(source))}`)
    if (
      file.startsWith('worker-core/') &&
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'key' &&
      (ts.isStringLiteral(node.initializer) || ts.isTemplateExpression(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))
    ) {
      looseKeys.push(`${file}:${lineOf(node.getStart(source))}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}
// A function's own length: what is inside a nested function counts for that one only.
functions.sort((a, b) => b.lines - a.lines)
const LIMIT = 120
const over = functions.filter((f) => f.lines > LIMIT)
console.log(`product files: ${files.length}`)
console.log(`largest functions (lines of body, over ${LIMIT}: ${over.length}):`)
for (const f of functions.slice(0, 10)) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.where}`)
console.log(`plain \`new Error(\`: ${plainErrors.length}`)
for (const e of plainErrors) console.log(`  ${e}`)
console.log(`worker cache keys outside the shared builders: ${looseKeys.length}`)
for (const k of looseKeys) console.log(`  ${k}`)

const broken = []
if (plainErrors.length > 0) broken.push(`${plainErrors.length} plain \`new Error(\` (throw a PorticoError subclass of shared-types/src/errors.ts)`)
if (looseKeys.length > 0) broken.push(`${looseKeys.length} worker cache keys outside the shared builders (use a getXQueryKey of shared-types/src/queries.ts)`)
if (broken.length > 0) {
  console.log(`✖ house rules broken: ${broken.join('; ')}`)
  process.exitCode = 1
}
