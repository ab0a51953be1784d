import { createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { stopAllAnvils } from './chain/anvil.ts'
import { DEV_MNEMONIC, FUNDED_ACCOUNT_INDEXES, PortInUseError, startSandbox, type SandboxHandle } from './index.ts'
import { REGISTRAR_INDEX, TREASURY_INDEX } from './dev-accounts.ts'
import { resolveOptions } from './options.ts'
import { findRunningSandbox } from './running-sandbox.ts'

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
  if (index === 0) return 'Sandbox Wallet, history'
  return (FUNDED_ACCOUNT_INDEXES as readonly number[]).includes(index) ? 'tokens, history' : ''
}

async function printSummary(handle: SandboxHandle): Promise<void> {
  const lines: string[] = ['', 'Portico sandbox (127.0.0.1 only)', '']
  for (const chain of handle.chains) {
    lines.push(`  chain ${chain.chainId}  ${chain.name.padEnd(16)} ${chain.rpcUrl}${chain.external ? '  (external)' : ''}   explorer ${chain.explorerUrl}`)
  }
  lines.push(`  blockchain-data API          ${handle.dataApi.url}`)
  lines.push(`  wallet catalogue, analytics  ${handle.catalogue.url}`)
  lines.push('', 'Contracts (same addresses on both chains)')
  for (const chain of handle.chains) {
    const d = handle.deployments[chain.chainId]
    if (!d) continue
    for (const token of Object.values(d.tokens)) if (token) lines.push(`  ${chain.chainId}  ${token.symbol.padEnd(8)} ${token.address}  (ERC-20, ${token.decimals} decimals)`)
    for (const c of Object.values(d.collections)) if (c) lines.push(`  ${chain.chainId}  ${c.symbol.padEnd(8)} ${c.address}  (ERC-721 "${c.name}"${c.spam ? ', spam' : ''})`)
    lines.push(`  ${chain.chainId}  ${'AMM'.padEnd(8)} ${d.amm}  (PorticoAmm)`)
    if (d.names) lines.push(`  ${chain.chainId}  ${'NAMES'.padEnd(8)} ${d.names}  (PorticoNames)`)
    const seeded = handle.seeded[chain.chainId]
    if (seeded) lines.push(`  ${chain.chainId}  seeded ${seeded.transactions} transactions in ${seeded.blocks} blocks`)
  }
  lines.push('', `Dev accounts (mnemonic "${DEV_MNEMONIC}", balances on ${handle.chains[0]?.chainId ?? '?'})`)
  for (const account of handle.devAccounts) {
    lines.push(`  #${account.index} ${account.address}  ${account.privateKey}  ${roleOf(handle, account.index)}`)
    if ((FUNDED_ACCOUNT_INDEXES as readonly number[]).includes(account.index)) lines.push(`      ${await accountSummary(handle, account.address)}`)
  }
  console.log(lines.join('\n'))
}

let handle: SandboxHandle | undefined
let stopping = false
let attached = false

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    console.log('Forcing exit')
    process.exit(130)
  }
  stopping = true
  if (attached) {
    console.log(`\n${signal}: leaving; the other sandbox keeps running.`)
    process.exit(0)
  }
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

try {
  handle = await startSandbox({ log: (line) => console.log(`  ${line}`) })
  await printSummary(handle)
  console.log(`\nSandbox ready in ${handle.readyInMs} ms. Ctrl-C to stop.`)
} catch (err) {
  const running = err instanceof PortInUseError ? await findRunningSandbox(resolveOptions().dataApiPort) : undefined
  if (running) {
    attached = true
    // Another sandbox serves these ports: say so and use it (so `npm start` still brings up the demo).
    console.log(`\nA Portico sandbox is already running: data API ${running.dataApiUrl}, chains ${running.chains.join(', ')}.`)
    console.log('Not starting a second one; this process uses the running sandbox and stops nothing. Ctrl-C to leave.')
    console.log('\nSandbox ready (already running).')
    setInterval(() => {}, 1 << 30) // stay until Ctrl-C
  } else {
    console.error(`\nSandbox failed to start: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
}
