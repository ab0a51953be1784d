import { SOLANA_AUTHORITY_INDEX, SOLANA_FUNDED_INDEXES } from './dev-keys.ts'
import { SOLANA_LOCALNET_NAME } from './localnet.ts'
import { uiTokenAmount } from './rpc.ts'
import type { SolanaChainHandle } from './server.ts'

function roleOf(index: number): string {
  if (index === SOLANA_AUTHORITY_INDEX) return 'mint authority, requestAirdrop faucet'
  if (index === 0) return 'Sandbox Wallet, tokens, history'
  return (SOLANA_FUNDED_INDEXES as readonly number[]).includes(index) ? 'tokens, history' : ''
}

function sol(lamports: bigint): string {
  return `${uiTokenAmount(lamports, 9).uiAmountString} SOL`
}

/** What `npm start` prints of the Solana chain: its id, the mints, the dev keypairs with their balances. */
export function solanaSummaryLines(chain: SolanaChainHandle): string[] {
  const lines = ['', `Solana (${SOLANA_LOCALNET_NAME}, ${chain.caipNetworkId}, genesis hash ${chain.genesisHash})`]
  for (const token of chain.tokens) lines.push(`  ${token.symbol.padEnd(8)} ${token.mint}  (SPL token mint, ${token.decimals} decimals)`)
  lines.push(`  seeded ${chain.seededTransactions} transactions`)
  lines.push('', "Solana dev accounts (the same mnemonic at m/44'/501'/i'/0'; secret keys in base58, as wallets import them)")
  for (const account of chain.devAccounts) {
    lines.push(`  #${account.index} ${account.address.padEnd(44)}  ${account.secretKeyBase58}  ${roleOf(account.index)}`)
    if (account.index === SOLANA_AUTHORITY_INDEX || !(SOLANA_FUNDED_INDEXES as readonly number[]).includes(account.index)) continue
    const { lamports, tokens } = chain.balances(account.address)
    lines.push(`      ${[sol(lamports), ...tokens.map((t) => `${uiTokenAmount(t.amount, t.token.decimals).uiAmountString} ${t.token.symbol}`)].join(', ')}`)
  }
  return lines
}
