// `npm run house`: the figures of the code's shape, for a review: the largest product functions, the
// plain `new Error(` left in product code, the worker's cache keys written outside the shared
// query-key builders, the tests' bare `toThrow()` and two test files on one sandbox port. Reads the sources as
// TypeScript; changes nothing. Exits non-zero when a plain `new Error(`, a cache key outside the builders, a bare
// `toThrow()` or a port clash is found (`npm test` runs it); the functions over the limit are information.
import { existsSync, readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import ts from 'typescript'

const PACKAGES = ['shared-types/src', 'simulation/src', 'worker-core/src', 'main-thread/src', 'service-worker/src', 'frame-service/src']
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
// A test's `toThrow()` / `toThrowError()` without an argument passes on any error at all (a TypeError
// from a bug, a refused connection): it names the error meant, its class or its message. `.not.toThrow()` stays.
const TESTS = ['*.test.ts', '*.test.tsx', '*.spec.ts']
const testFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...TESTS], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !file.split('/').includes('node_modules') && existsSync(file))
const bareThrows = []
const portClaims = []
for (const file of testFiles) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  /** `.not` anywhere between `expect(…)` and the matcher: `expect(f).not.toThrow()`, `expect(p).rejects.not.toThrow()`. */
  const negated = (node) => {
    for (let at = node; ts.isPropertyAccessExpression(at); at = at.expression) if (at.name.text === 'not') return true
    return false
  }
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      node.arguments.length === 0 &&
      ts.isPropertyAccessExpression(node.expression) &&
      (node.expression.name.text === 'toThrow' || node.expression.name.text === 'toThrowError') &&
      !negated(node.expression.expression)
    ) {
      bareThrows.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  portClaims.push(...sandboxPortsOf(file, source))
}

/**
 * The fixed ports each test file's sandbox takes (`testSandboxOptions(base)`, `startTestSandbox(base)`): Vitest runs
 * two files at a time, so two files on one port fail now and then, whichever starts second. A base is a number, a sum
 * of numbers, or a `const` of the file holding one.
 */
function sandboxPortsOf(file, source) {
  const consts = new Map()
  const numberOf = (node) => {
    if (ts.isNumericLiteral(node)) return Number(node.text.replaceAll('_', ''))
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const [a, b] = [numberOf(node.left), numberOf(node.right)]
      return a === undefined || b === undefined ? undefined : a + b
    }
    if (ts.isIdentifier(node)) return consts.get(node.text)
    if (ts.isParenthesizedExpression(node)) return numberOf(node.expression)
    return undefined
  }
  const claims = []
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const value = numberOf(node.initializer)
      if (value !== undefined) consts.set(node.name.text, value)
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.arguments.length > 0) {
      const base = numberOf(node.arguments[0])
      const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`
      // testSandboxOptions: base … base + 9, and the Solana RPC and its websocket 5,000 below; startTestSandbox: these.
      if (base !== undefined && node.expression.text === 'testSandboxOptions') claims.push({ where, ports: [...Array.from({ length: 10 }, (_, i) => base + i), base - 5000, base - 4999] })
      if (base !== undefined && node.expression.text === 'startTestSandbox') claims.push({ where, ports: [545, 546, 787, 788, 792].map((d) => base + d) })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return claims
}
const portClashes = []
for (const [i, a] of portClaims.entries()) {
  for (const b of portClaims.slice(i + 1)) {
    if (a.where.split(':')[0] === b.where.split(':')[0]) continue
    const shared = a.ports.filter((port) => b.ports.includes(port))
    if (shared.length > 0) portClashes.push(`${a.where} and ${b.where} both take port ${shared[0]}`)
  }
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
console.log(`bare \`toThrow()\` in ${testFiles.length} test files: ${bareThrows.length}`)
for (const t of bareThrows) console.log(`  ${t}`)
console.log(`test files' sandbox ports: ${portClaims.length} claims, ${portClashes.length} clashes`)
for (const c of portClashes) console.log(`  ${c}`)

const broken = []
if (plainErrors.length > 0) broken.push(`${plainErrors.length} plain \`new Error(\` (throw a PorticoError subclass of shared-types/src/errors.ts)`)
if (looseKeys.length > 0) broken.push(`${looseKeys.length} worker cache keys outside the shared builders (use a getXQueryKey of shared-types/src/queries.ts)`)
if (bareThrows.length > 0) broken.push(`${bareThrows.length} bare \`toThrow()\` / \`toThrowError()\` in tests (name the error meant: its class, e.g. \`rejects.toThrow(SomeError)\`, or its message)`)
if (portClashes.length > 0) broken.push(`${portClashes.length} sandbox port clashes between test files (give one a base of its own)`)
if (broken.length > 0) {
  console.log(`✖ house rules broken: ${broken.join('; ')}`)
  process.exitCode = 1
}
