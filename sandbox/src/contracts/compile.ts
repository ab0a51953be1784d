import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { artifactCacheFileSchema, solcOutputSchema, type ContractArtifacts } from './artifacts.ts'

const require = createRequire(import.meta.url)
const here = dirname(fileURLToPath(import.meta.url))

export const CONTRACTS_DIR = resolve(here, '../../contracts')
export const DEFAULT_CACHE_DIR = resolve(here, '../../.cache')

const SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const

const solcPackageSchema = z.object({ version: z.string() })

function solcPackageVersion(): string {
  return solcPackageSchema.parse(require('solc/package.json')).version
}

/** The .sol files of `dir`, sorted, keyed by file name. */
export async function readSources(dir = CONTRACTS_DIR): Promise<Record<string, string>> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.sol')).sort()
  const entries = await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), 'utf8')] as const))
  return Object.fromEntries(entries)
}

/** Cache key: changes when a source, the compiler version or the settings change. */
export function artifactsKey(sources: Record<string, string>, solcVersion: string): string {
  const payload = JSON.stringify({ solcVersion, settings: SOLC_SETTINGS, sources: Object.entries(sources).sort(([a], [b]) => a.localeCompare(b)) })
  return createHash('sha256').update(payload).digest('hex').slice(0, 16)
}

async function readCache(file: string, key: string): Promise<ContractArtifacts | undefined> {
  try {
    const parsed = artifactCacheFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
    return parsed.success && parsed.data.key === key ? parsed.data.contracts : undefined
  } catch {
    return undefined
  }
}

/** The compiler's own process (solc-process.mjs): the Solidity compiler is GPL-3.0 and never runs in the sandbox's process. */
const SOLC_PROCESS = join(here, 'solc-process.mjs')

/** Runs solc on `input` in its own process; answers its standard JSON output. */
function compileInOwnProcess(input: unknown, contractsDir: string): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [SOLC_PROCESS], { stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`solc exited with code ${code}: ${Buffer.concat(err).toString('utf8').trim()}`))
      try {
        resolvePromise(JSON.parse(Buffer.concat(out).toString('utf8')))
      } catch (error) {
        reject(new Error(`solc answered no JSON: ${error instanceof Error ? error.message : String(error)}`))
      }
    })
    child.stdin.end(JSON.stringify({ input, contractsDir }))
  })
}

async function runSolc(sources: Record<string, string>, contractsDir: string): Promise<ContractArtifacts> {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: SOLC_SETTINGS,
  }
  const output = solcOutputSchema.parse(await compileInOwnProcess(input, contractsDir))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const artifacts: ContractArtifacts = {}
  for (const file of Object.keys(sources)) {
    for (const [name, c] of Object.entries(output.contracts?.[file] ?? {})) {
      artifacts[name] = { abi: c.abi, bytecode: c.evm.bytecode.object }
    }
  }
  return artifacts
}

export type CompileResult = { artifacts: ContractArtifacts; fromCache: boolean; key: string }

/** Compiles sandbox/contracts with solc-js (in a process of its own), or reads the artifacts cached for the same sources. */
export async function compileContracts({ cacheDir = DEFAULT_CACHE_DIR, contractsDir = CONTRACTS_DIR } = {}): Promise<CompileResult> {
  const sources = await readSources(contractsDir)
  const solcVersion = solcPackageVersion()
  const key = artifactsKey(sources, solcVersion)
  const file = join(cacheDir, `contracts-${key}.json`)
  const cached = await readCache(file, key)
  if (cached) return { artifacts: cached, fromCache: true, key }

  const artifacts = await runSolc(sources, contractsDir)
  await mkdir(cacheDir, { recursive: true })
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  await writeFile(tmp, JSON.stringify({ key, solcVersion, contracts: artifacts }))
  await rename(tmp, file)
  return { artifacts, fromCache: false, key }
}
