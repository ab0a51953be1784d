import { createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { stopAllAnvils } from './chain/anvil.ts'
import { DEV_MNEMONIC, FUNDED_ACCOUNT_INDEXES, PortInUseError, startSandbox, type SandboxHandle } from './index.ts'
import { REGISTRAR_INDEX, TREASURY_INDEX } from './dev-accounts.ts'
import { resolveOptions } from './options.ts'
import { solanaService } from './services/solana.ts'
import { SANDBOX_DATA_DIR } from './services/frame.ts'
import { identifyPortHolder, waitForStartingSandbox, type RunningSandbox } from './running-sandbox.ts'

/** `npm run sandbox`: start everything, print where it is, stop cleanly on Ctrl-C / SIGTERM. */

async function accountSummary(handle: SandboxHandle, address: `0x${string}`): Promise<string> {
  const chain = handle.chains[0]
  if (!chain) return ''
  const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
  const native = await client.getBalance({ address })
  const parts = [`${formatUnits(native, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`]
  for (const token of Object.values(handle.contracts[chain.chainId] ?? {})) {
    if (!token) continue
    const raw = await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    if (raw > 0n) parts.push(`${formatUnits(raw, token.decimals)} ${token.symbol}`)
  }
  return parts.join(', ')
}

function roleOf(handle: SandboxHandle, index: number): string {
  if (index === handle.deployer.index) return 'deployer'
  if (index === REGISTRAR_INDEX) return 'name registrar'
  if (index === TREASURY_INDEX) return 'onramp treasury'
  if (index === 0) return `Sandbox Wallet, history${handle.sandboxWalletName ? `, name ${handle.sandboxWalletName}` : ''}`
  return (FUNDED_ACCOUNT_INDEXES as readonly number[]).includes(index) ? 'tokens, history' : ''
}

async function printSummary(handle: SandboxHandle): Promise<void> {
  const lines: string[] = ['', 'Portico sandbox (127.0.0.1 only)', '']
  for (const service of handle.services) {
    for (const endpoint of service.endpoints) {
      const label = service.endpoints.length === 1 ? service.name : `${service.name}: ${endpoint.label}`
      lines.push(`  ${label.padEnd(30)} ${endpoint.url}${endpoint.detail ? `  (${endpoint.detail})` : ''}`)
    }
  }
  lines.push('', 'Contracts (same addresses on both chains)')
  for (const chain of handle.chains) {
    const d = handle.deployments[chain.chainId]
    if (!d) continue
    for (const token of Object.values(d.tokens)) if (token) lines.push(`  ${chain.chainId}  ${token.symbol.padEnd(8)} ${token.address}  (ERC-20, ${token.decimals} decimals)`)
    for (const c of Object.values(d.collections)) if (c) lines.push(`  ${chain.chainId}  ${c.symbol.padEnd(8)} ${c.address}  (ERC-721 "${c.name}"${c.spam ? ', spam' : ''})`)
    lines.push(`  ${chain.chainId}  ${'AMM'.padEnd(8)} ${d.amm}  (PorticoAmm)`)
    if (d.names) lines.push(`  ${chain.chainId}  ${'NAMES'.padEnd(8)} ${d.names}  (PorticoNames)`)
    lines.push(`  ${chain.chainId}  ${'DRAINER'.padEnd(8)} ${d.drainer}  (Sandbox Drainer: a demonstration, takes what is approved to it)`)
    const seeded = handle.seeded[chain.chainId]
    if (seeded) lines.push(`  ${chain.chainId}  seeded ${seeded.transactions} transactions in ${seeded.blocks} blocks`)
  }
  lines.push('', `Dev accounts (mnemonic "${DEV_MNEMONIC}", balances on ${handle.chains[0]?.chainId ?? '?'})`)
  for (const account of handle.devAccounts) {
    lines.push(`  #${account.index} ${account.address}  ${account.privateKey}  ${roleOf(handle, account.index)}`)
    if ((FUNDED_ACCOUNT_INDEXES as readonly number[]).includes(account.index)) lines.push(`      ${await accountSummary(handle, account.address)}`)
  }
  const { solanaSummaryLines } = await import('./solana/summary.ts')
  lines.push(...solanaSummaryLines(handle.service(solanaService)))
  console.log(lines.join('\n'))
}

/** How long a second start waits for a sandbox that is still starting on the same ports. */
const STARTING_WAIT_MS = 90_000

let handle: SandboxHandle | undefined
let stopping = false

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    console.log('Forcing exit')
    process.exit(130)
  }
  stopping = true
  console.log(`\n${signal}: stopping the sandbox…`)
  if (!handle) {
    // Still starting: stop the anvils spawned so far (the exit hook catches any later one).
    await stopAllAnvils()
    process.exit(0)
  }
  await handle.stop()
  console.log('Sandbox stopped')
  process.exit(0)
}
process.on('SIGINT', (s) => void shutdown(s))
process.on('SIGTERM', (s) => void shutdown(s))

/** A busy port, whichever part found it: the port check, a server's listen, or anvil's bind. */
function isPortClash(err: unknown): boolean {
  if (err instanceof PortInUseError) return true
  const text = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err)
  return /EADDRINUSE|address already in use/i.test(text)
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

/** Says that a sandbox already serves these ports, starts nothing, and exits 0. */
function alreadyRunning(running: RunningSandbox): never {
  console.log(`\nSandbox already running: blockchain-data API ${running.dataApiUrl}, chains ${running.chains.join(', ')}.`)
  console.log('Not starting a second one; nothing was started or changed. Stop the running one with Ctrl-C in its terminal.')
  process.exit(0)
}

/** After a port clash: attach to a ready sandbox, wait for one still starting, or explain the clash. */
async function onPortClash(err: unknown): Promise<never> {
  const config = resolveOptions()
  const ports = { dataApiPort: config.dataApiPort, cataloguePort: config.cataloguePort }
  const holder = await identifyPortHolder(ports)
  if (holder.kind === 'running') alreadyRunning(holder.sandbox)
  if (holder.kind === 'starting') {
    console.log(`\nAnother Portico sandbox is still starting on these ports (its wallet catalogue answers at http://127.0.0.1:${ports.cataloguePort}, its data API not yet).`)
    console.log(`Not starting a second one; waiting up to ${seconds(STARTING_WAIT_MS)} for it to be ready…`)
    const outcome = await waitForStartingSandbox(ports, { timeoutMs: STARTING_WAIT_MS })
    if (outcome.kind === 'running') alreadyRunning(outcome.sandbox)
    console.error(
      outcome.kind === 'gone'
        ? '\nThe other sandbox stopped before it was ready. Start again (npm start / npm run sandbox).'
        : `\nThe other sandbox holds the ports but was not ready within ${seconds(STARTING_WAIT_MS)}. Stop it (Ctrl-C in its terminal) and start again.`,
    )
    process.exit(1)
  }
  // The first sentence only: the rest of PortInUseError's message asks whether a sandbox runs.
  const detail = (err instanceof Error ? err.message : String(err)).split(' — ')[0]
  console.error(`\nSandbox failed to start: a port is held by a program that is not a Portico sandbox (no /health answers on ${ports.dataApiPort} or ${ports.cataloguePort}).`)
  console.error(detail)
  console.error('Stop that program, or choose other ports: PORTICO_CHAIN_A_PORT, PORTICO_CHAIN_B_PORT, PORTICO_DATA_API_PORT, PORTICO_CATALOGUE_PORT, PORTICO_SOLANA_PORT (see sandbox/README.md).')
  process.exit(1)
}

// What the sandbox keeps between runs (the frame service's users, sessions and keys): .sandbox-data.
process.env['PORTICO_SANDBOX_DATA_DIR'] ??= SANDBOX_DATA_DIR
try {
  // The command's sandbox starts its bundlers with it (a sandbox started from code does so on first use).
  handle = await startSandbox({ log: (line) => console.log(`  ${line}`), env: { PORTICO_SANDBOX_BUNDLER: 'eager', ...process.env } })
  await printSummary(handle)
  // From the launch of this process (tsx included) to here; the sandbox part in brackets.
  console.log(`\nSandbox ready in ${seconds(performance.now())} (chains, seed and services ${seconds(handle.readyInMs)}). Ctrl-C to stop.`)
} catch (err) {
  if (stopping) await new Promise(() => {}) // Ctrl-C during start: shutdown() exits
  if (isPortClash(err)) await onPortClash(err)
  console.error(`\nSandbox failed to start: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
}
