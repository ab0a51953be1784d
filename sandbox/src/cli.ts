import { createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { stopAllAnvils } from './chain/anvil.ts'
import { DEV_MNEMONIC, FUNDED_ACCOUNT_INDEXES, startSandbox, type SandboxHandle } from './index.ts'

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

async function printSummary(handle: SandboxHandle): Promise<void> {
  const lines: string[] = ['', 'Portico sandbox (127.0.0.1 only)', '']
  for (const chain of handle.chains) {
    lines.push(`  chain ${chain.chainId}  ${chain.name.padEnd(16)} ${chain.rpcUrl}${chain.external ? '  (external)' : ''}`)
  }
  lines.push(`  blockchain-data API          ${handle.dataApi.url}`)
  lines.push('', 'Tokens')
  for (const chain of handle.chains) {
    for (const token of Object.values(handle.contracts[chain.chainId] ?? {})) {
      if (token) lines.push(`  ${chain.chainId}  ${token.symbol.padEnd(5)} ${token.address}  (${token.decimals} decimals)`)
    }
  }
  lines.push('', `Dev accounts (mnemonic "${DEV_MNEMONIC}", balances on ${handle.chains[0]?.chainId ?? '?'})`)
  for (const account of handle.devAccounts) {
    const funded = (FUNDED_ACCOUNT_INDEXES as readonly number[]).includes(account.index)
    const role = account.index === handle.deployer.index ? 'deployer' : funded ? 'tokens' : ''
    lines.push(`  #${account.index} ${account.address}  ${account.privateKey}  ${role}`)
    if (funded) lines.push(`      ${await accountSummary(handle, account.address)}`)
  }
  console.log(lines.join('\n'))
}

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
    process.exit(130)
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
  console.error(`\nSandbox failed to start: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
}
