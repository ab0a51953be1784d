/**
 * The fuzzing harness of the reliability suite: inputs made by fast-check (arbitrary JSON, arbitrary
 * values, and valid samples mutated), a judge of what a boundary may throw, and the record each run
 * leaves for `reliability/run.mjs`'s table.
 */
import { appendFileSync } from 'node:fs'
import fc from 'fast-check'
import { HttpRequestError, MESSAGES, PorticoError, SchemaValidationError, TimeoutError } from '@portico/shared-types'

/** Inputs per boundary (at least 1,000 in the suite; RELIABILITY_FUZZ_RUNS raises it). */
export const RUNS = Math.max(1000, Number(process.env['RELIABILITY_FUZZ_RUNS'] ?? 1000) || 1000)
/** The run's seed: printed in the table, and set again with RELIABILITY_SEED to replay a run. */
export const BASE_SEED = Number(process.env['RELIABILITY_SEED'] ?? '') || (Date.now() ^ (process.pid << 8)) >>> 0

/** Keys an attacker puts in JSON to reach a prototype, or to be mistaken for a method. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then', 'toJSON'] as const

/** Strings that trick a naive reader: direction overrides, zero-width joiners, homoglyphs, NULs, lone surrogates, and markup. */
export const TRICKY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202Eevil\u202C',
  'a\u200Db\u200Bc',
  '\uFEFF0x0000000000000000000000000000000000000000',
  '０ｘ１２３',
  '\uD800',
  '\uDFFF\uD800',
  '𝟎𝐱𝟏',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x',
  '0x' + 'f'.repeat(64),
  'eip155:1:0x' + '0'.repeat(40),
  'eip155::',
  'javascript:alert(1)',
  'data:text/html,<script>__xss()</script>',
  '<img src=x onerror=__xss()>',
  '{{constructor.constructor("__xss()")()}}',
  '__proto__',
  '../../../../etc/passwd',
  '%00%2e%2e',
  'https://evil.example/#@127.0.0.1',
] as const

const weird: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, -0, 1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(...TRICKY_STRINGS),
  fc.array(fc.jsonValue(), { maxLength: 4 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
)

type Path = (string | number)[]

/** Every path into a JSON-like value (the root first), at most `limit` of them. */
function pathsOf(value: unknown, limit = 400): Path[] {
  const out: Path[] = []
  const walk = (v: unknown, path: Path) => {
    if (out.length >= limit) return
    out.push(path)
    if (Array.isArray(v)) for (const [i, item] of v.entries()) walk(item, [...path, i])
    else if (typeof v === 'object' && v !== null) for (const key of Object.keys(v)) walk((v as Record<string, unknown>)[key], [...path, key])
  }
  walk(value, [])
  return out
}

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let v = leaf
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v }
  return v
}

type Mutation =
  | { op: 'drop'; at: number }
  | { op: 'swap'; at: number; value: unknown }
  | { op: 'huge'; at: number; size: number; char: string }
  | { op: 'pollute'; at: number; key: string; value: unknown }
  | { op: 'nest'; at: number; depth: number; asArray: boolean }
  | { op: 'tricky'; at: number; text: string }
  | { op: 'hugeArray'; at: number; size: number }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swap' as const), at: fc.nat(), value: weird }),
  fc.record({
    op: fc.constant('huge' as const),
    at: fc.nat(),
    size: fc.oneof({ weight: 20, arbitrary: fc.constantFrom(1_000, 10_000, 100_000) }, { weight: 1, arbitrary: fc.constant(1_000_000) }),
    char: fc.constantFrom('a', '9', 'f', '<', '\u202E', '😀'),
  }),
  fc.record({ op: fc.constant('pollute' as const), at: fc.nat(), key: fc.constantFrom(...HOSTILE_KEYS), value: fc.oneof(fc.constant({ polluted: true }), fc.constant('polluted'), weird) }),
  fc.record({ op: fc.constant('nest' as const), at: fc.nat(), depth: fc.constantFrom(50, 500, 1500), asArray: fc.boolean() }),
  fc.record({ op: fc.constant('tricky' as const), at: fc.nat(), text: fc.constantFrom(...TRICKY_STRINGS) }),
  fc.record({ op: fc.constant('hugeArray' as const), at: fc.nat(), size: fc.constantFrom(500, 2_000) }),
)

/**
 * A copy of a generated value: `fc.constant({ polluted: true })` hands out one shared object, and a
 * later mutation inside it would grow it in every input after (a string a megabyte longer each time,
 * ever deeper nesting), until the heap or the stack gives out.
 */
function fresh(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value
}

/** Sets an own property, even `__proto__` (as JSON.parse does), without calling a setter. */
function defineOwn(target: object, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function applyMutation(root: unknown, m: Mutation): unknown {
  const paths = pathsOf(root)
  const path = paths[m.at % paths.length]!
  const current = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root)
  let next: unknown
  switch (m.op) {
    case 'drop':
      if (path.length === 0) return undefined
      {
        const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root) as Record<string | number, unknown>
        const key = path[path.length - 1]!
        // By hand: an array given an own `constructor` key breaks splice (its species).
        if (Array.isArray(parent)) {
          for (let i = Number(key); i < parent.length - 1; i++) parent[i] = parent[i + 1]
          parent.length -= 1
        } else delete parent[key]
      }
      return root
    case 'swap':
      next = fresh(m.value)
      break
    case 'huge':
      next = typeof current === 'string' && current.length > 0 ? current + m.char.repeat(m.size) : m.char.repeat(m.size)
      break
    case 'pollute':
      if (typeof current === 'object' && current !== null) {
        defineOwn(current, m.key, fresh(m.value))
        return root
      }
      next = JSON.parse(`{"${m.key}": {"polluted": true}}`)
      break
    case 'nest':
      next = nested(m.depth, current, m.asArray)
      break
    case 'tricky':
      next = typeof current === 'string' ? `${current}${m.text}` : m.text
      break
    case 'hugeArray':
      // Copies, not one shared object: a later mutation of one element must not grow them all.
      next = Array.from({ length: m.size }, (_, i) => i)
      if (sizeOf(current, 200) <= 200) {
        try {
          next = Array.from({ length: m.size }, () => structuredClone(current))
        } catch {
          // A value structuredClone cannot copy: the numbers stay.
        }
      }
      break
  }
  if (path.length === 0) return next
  const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root) as object
  defineOwn(parent, path[path.length - 1]!, next)
  return root
}

/** About how many characters `value` takes as JSON, counted up to `cap` (a value past it answers more than `cap`). */
function sizeOf(value: unknown, cap: number): number {
  let size = 0
  const stack: unknown[] = [value]
  while (stack.length > 0 && size <= cap) {
    const v = stack.pop()
    if (typeof v === 'string') size += v.length + 2
    else if (Array.isArray(v)) {
      size += 2
      for (let i = 0; i < Math.min(v.length, cap); i++) stack.push(v[i])
    } else if (typeof v === 'object' && v !== null) {
      // An empty object counts too: an array of 2,000 `{}` is not a small value to copy 2,000 times.
      size += 2
      for (const key of Object.keys(v)) (size += key.length + 4), stack.push((v as Record<string, unknown>)[key])
    } else size += 8
  }
  return size
}

/**
 * Valid samples with one to four mutations each: a field dropped, a type swapped, a huge string, a
 * hostile key, deep nesting. An input stays under a few MB: a huge array holds copies of a small value
 * (never one shared object a later mutation would grow in every element).
 */
export function mutated(samples: readonly unknown[]): fc.Arbitrary<unknown> {
  if (samples.length === 0) throw new Error('mutated() needs at least one valid sample')
  return fc.tuple(fc.nat({ max: samples.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([i, mutations]) => {
    let value = structuredClone(samples[i])
    // Deep nesting goes last: a deep value is not cloned again.
    for (const m of [...mutations.filter((m) => m.op !== 'nest'), ...mutations.filter((m) => m.op === 'nest')]) value = applyMutation(value, m)
    return value
  })
}

/** Arbitrary values with hostile keys (`__proto__`, `constructor`…) among the generated ones. */
export const hostileAnything: fc.Arbitrary<unknown> = fc.anything({
  key: fc.oneof(fc.string(), fc.constantFrom(...HOSTILE_KEYS)),
  maxDepth: 4,
  withNullPrototype: true,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withBoxedValues: true,
})

/** The inputs of one boundary: arbitrary JSON, arbitrary values, and (mostly) mutated valid samples. */
export function boundaryInputs(samples: readonly unknown[], { json = false }: { json?: boolean } = {}): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.jsonValue() },
    { weight: json ? 0 : 1, arbitrary: hostileAnything },
    { weight: 1, arbitrary: fc.constantFrom(...samples) },
    { weight: 8, arbitrary: mutated(samples) },
  )
}

/** Strings a visitor (or a script) can type into a field: any text, number-like text, and the tricky ones. */
export const typedStrings: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.stringMatching(/^[ \t]{0,2}-?\d{0,30}(\.\d{0,30})?[ \t]{0,2}$/),
  fc.stringMatching(/^0x[0-9a-fA-F]{0,44}$/),
  fc.stringMatching(/^[a-zA-Z0-9-]{0,12}(\.(reown|wcn)\.id)?$/),
  fc.stringMatching(/^[a-z0-9.+_-]{0,12}@[a-z0-9-]{0,10}(\.[a-z]{0,5}){0,2}$/),
  fc.constantFrom(...TRICKY_STRINGS, '1e18', '0x10', '+1', '1_000', '１２', '٣', '1.', '.5', '.', '00001', '1,5', '\n1', '9'.repeat(100_000), '1.' + '0'.repeat(100_000)),
)

/** Whether what a boundary threw is allowed: a typed PorticoError whose message is one of SPEC.md §8's forms. Answers the problem, or null. */
export function judgeError(error: unknown): string | null {
  if (error instanceof SchemaValidationError) {
    const first = error.issues[0]
    if (!first) return error.message === 'Invalid payload' ? null : `SchemaValidationError without issues: ${error.message}`
    // Unknown keys are said one line each ("features.x: Unknown key 'x'. …"): the first key's line is the first issue.
    const said = first.code === 'unrecognized_keys' && first.keys.length > 0 ? `Unknown key '${first.keys[0]}'` : first.message
    return error.message.includes(said) ? null : `SchemaValidationError message does not say its first issue: ${error.message}`
  }
  if (error instanceof HttpRequestError) return /^HTTP status code: (\d{3}|none)$/.test(error.message) ? null : `HttpRequestError message: ${error.message}`
  if (error instanceof TimeoutError) return /^Request timed out after \d+ ms$/.test(error.message) ? null : `TimeoutError message: ${error.message}`
  if (error instanceof PorticoError) {
    if (error.constructor !== PorticoError) return error.message.length > 0 ? null : `${error.name} without a message`
    return isSpecMessage(error.message) ? null : `PorticoError with a message outside SPEC.md §8: ${error.message}`
  }
  return `not a typed error: ${describe(error)}`
}

/** Rules SPEC.md states without a text of its own, thrown as PorticoError with these texts. */
const RULE_MESSAGES = [
  // SPEC.md §5: setting both siweConfig and siwx is rejected.
  'Set either siwx or siweConfig, not both',
]
const TEMPLATES = [...Object.values(MESSAGES), ...RULE_MESSAGES].map((m) => new RegExp(`^${m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+')}$`))
export function isSpecMessage(message: string): boolean {
  return TEMPLATES.some((t) => t.test(message))
}

export function describe(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message.slice(0, 300)}`
  return `thrown ${typeof error}: ${preview(error)}`
}

/** A short printable form of an input, for the report of a failure. */
export function preview(value: unknown, max = 300): string {
  let text: string
  try {
    text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v === undefined ? '<undefined>' : v))
  } catch {
    text = String(value)
  }
  if (text === undefined) text = String(value)
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text
}

function prototypeFingerprint(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join(',')).join('|')
}

export type Failure = { input: string; problem: string }
export type FuzzOutcome = { boundary: string; cases: number; failures: Failure[] }

const BATCH = 20
/** RELIABILITY_TRACE=1 prints each input before it is fed (with the heap in use), to find the one that hangs or fills memory. */
const TRACE = process.env['RELIABILITY_TRACE'] === '1'

function seedOf(name: string): number {
  let h = 2166136261
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  return (h ^ BASE_SEED) >>> 0
}

function withTimeout<T>(value: Promise<T> | T, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new HangError(ms)), ms)
    Promise.resolve(value).then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    )
  })
}
class HangError extends Error {
  constructor(ms: number) {
    super(`did not settle within ${ms} ms`)
  }
}

export type FuzzParameters<I> = {
  /** The table row this boundary counts in. */
  row: string
  boundary: string
  inputs: fc.Arbitrary<I>
  runs?: number
  /** Feeds one input through the boundary; answers what it gave (checked by `check`). */
  exercise: (input: I) => unknown
  /** A problem with an accepted input's result (a silent wrong value), or null. */
  check?: (result: unknown, input: I) => string | null
  /** What the boundary may throw besides the typed errors; answers the problem, or null. Default `judgeError`. */
  judge?: (error: unknown, input: I) => string | null
  timeoutMs?: number
}

/** Runs `runs` generated inputs through a boundary and counts every crash, hang, wrong value or prototype change. */
export async function fuzz<I>({ row, boundary, inputs, runs = RUNS, exercise, check, judge = judgeError, timeoutMs = 5_000 }: FuzzParameters<I>): Promise<FuzzOutcome> {
  begin(row, boundary)
  const failures: Failure[] = []
  const clean = prototypeFingerprint()
  let cases = 0
  // Made in small batches: a thousand inputs of up to a few MB each at once would fill the heap.
  for (let batch = 0; cases < runs; batch++) {
    const values = fc.sample(inputs, { numRuns: Math.min(BATCH, runs - cases), seed: (seedOf(boundary) + batch) >>> 0 })
    cases += values.length
    for (const [index, input] of values.entries()) {
      if (TRACE) console.log(`trace ${boundary} #${cases - values.length + index}: heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB, ${preview(input, 120)}`)
      let problem: string | null
      try {
        const started = TRACE ? Date.now() : 0
        const result = await withTimeout(exercise(input), timeoutMs)
        if (TRACE) console.log(`trace ${boundary}: settled in ${Date.now() - started} ms`)
        problem = check ? check(result, input) : null
      } catch (error) {
        problem = error instanceof HangError ? error.message : judge(error, input)
      }
      if (prototypeFingerprint() !== clean) problem = `a prototype was changed${problem ? ` (${problem})` : ''}`
      if (problem) failures.push({ input: preview(input), problem })
    }
  }
  const outcome = { boundary, cases, failures }
  record({ row, name: boundary, cases, failures: failures.length, examples: failures.slice(0, 3) })
  return outcome
}

/** A line of the results the runner reads: one boundary or case of a row, with its counts. */
export type ResultRecord = {
  row: string
  name: string
  cases: number
  failures: number
  examples?: readonly Failure[] | undefined
  unit?: string | undefined
  extra?: Record<string, number> | undefined
}

/**
 * Says a check has started: until its own record follows (the runner keeps the last record of a name),
 * it counts as one failure, so a check that ends early by an exception never reads as a pass.
 */
export function begin(row: string, name: string) {
  const file = process.env['RELIABILITY_RESULTS']
  if (file) appendFileSync(file, `${JSON.stringify({ row, name, cases: 0, failures: 1, examples: [{ input: name, problem: 'ended before reporting its counts (its error is above)' }] })}\n`)
}

/** Appends one record to RELIABILITY_RESULTS (set by `reliability/run.mjs`); nothing when run alone. */
export function record(entry: ResultRecord) {
  const file = process.env['RELIABILITY_RESULTS']
  if (file) appendFileSync(file, `${JSON.stringify(entry)}\n`)
  else if (entry.failures > 0 || entry.cases > 0) console.log(`${entry.failures === 0 ? 'ok  ' : 'FAIL'} ${entry.name}: ${entry.cases} inputs, ${entry.failures} failures`)
  for (const example of entry.examples ?? []) console.log(`     ${example.problem} ← ${example.input}`)
}

/** Checks a boundary's valid samples pass its schema first (a mutation must start from something valid); counted as a failure otherwise. */
export function validSamples(row: string, boundary: string, samples: readonly unknown[], accepts: (sample: unknown) => boolean) {
  const refused = samples.filter((s) => !accepts(s))
  record({ row, name: `${boundary} (valid samples)`, cases: 0, failures: refused.length, examples: refused.slice(0, 3).map((s) => ({ input: preview(s), problem: 'a valid sample was refused' })) })
}
