import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

const PLATFORMS: Record<string, string> = {
  'linux-x64': 'linux-amd64',
  'linux-arm64': 'linux-arm64',
  'darwin-x64': 'darwin-amd64',
  'darwin-arm64': 'darwin-arm64',
  'win32-x64': 'win32-amd64',
}

/**
 * Path of the anvil executable inside @foundry-rs/anvil's platform package. Spawning it directly
 * (not the `npx anvil` node wrapper) means the child we hold is anvil itself, so killing it leaves
 * no orphan.
 */
export function anvilBinaryPath(): string {
  const platform = PLATFORMS[`${process.platform}-${process.arch}`]
  if (!platform) throw new Error(`anvil has no binary for ${process.platform}-${process.arch}`)
  const pkg = `@foundry-rs/anvil-${platform}`
  let packageJson: string
  try {
    packageJson = require.resolve(`${pkg}/package.json`)
  } catch (cause) {
    throw new Error(`${pkg} is not installed; run \`npm install\` at the repository root`, { cause })
  }
  const binary = join(dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}`)
  return binary
}
