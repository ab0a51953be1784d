import { createKeyPairFromPrivateKeyBytes, createSolanaRpc, getBase64EncodedWireTransaction, getBase64Encoder, getTransactionDecoder, signTransaction } from '@solana/kit'
import { fetchToken } from '@solana-program/token'
import { describeSolana, freezeSolanaRequest } from '@portico/frame-service/page/describe-solana.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_AUTHORITY_INDEX, solanaDevAccount } from './dev-keys.ts'
import { setAuthorityTransaction, SOLANA_DRAINER_ADDRESS, SOLANA_USDC_MINT, usdcTokenAccount } from './drainer.ts'
import { solanaTokens } from './seed.ts'
import { startSolanaChain, type SolanaChainHandle } from './server.ts'

/** This file's chain: the RPC on 17960 and its websocket on 17961 (moved by PORTICO_E2E_PORT_OFFSET). */
const PORT = 17960 + (Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0)

let chain: SolanaChainHandle

beforeAll(async () => {
  chain = await startSolanaChain({ rpcPort: PORT, wsPort: PORT + 1, history: false })
})
afterAll(async () => {
  await chain?.stop()
})

describe("the Solana side of the Sandbox Drainer: SetAuthority on the visitor's USDC account", () => {
  it('names the sandbox’s USDC mint and its Solana authority', () => {
    expect(SOLANA_USDC_MINT).toBe(solanaTokens().find((t) => t.key === 'USDC')!.mint)
    expect(SOLANA_DRAINER_ADDRESS).toBe(solanaDevAccount(SOLANA_AUTHORITY_INDEX).address)
  })

  it('is what the frame names as giving control of the token account away', async () => {
    const owner = solanaDevAccount(0).address
    const { transaction, tokenAccount } = await setAuthorityTransaction({ owner, blockhash: chain.genesisHash, lastValidBlockHeight: 1n })
    expect(tokenAccount).toBe(await chain.tokenAccountAddress(owner, solanaTokens()[0]!))
    const description = describeSolana(freezeSolanaRequest('solana_signAndSendTransaction', [{ transaction }], chain.caipNetworkId), { account: owner, networkName: 'Solana Localnet' })
    expect(description.dangers).toEqual([`Gives control of token account ${tokenAccount} to ${SOLANA_DRAINER_ADDRESS}: they can then move or close it.`])
  })

  it('signed and sent on LiteSVM: the account and its 10,000.25 USDC now answer to the sandbox address', async () => {
    const holder = solanaDevAccount(0)
    const rpc = createSolanaRpc(chain.rpcUrl)
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const { transaction, tokenAccount } = await setAuthorityTransaction({ owner: holder.address, blockhash: latest.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight })
    const before = await fetchToken(rpc, tokenAccount)
    expect(before.data).toMatchObject({ owner: holder.address, mint: SOLANA_USDC_MINT, amount: 10_000_250_000n })

    const unsigned = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
    const signed = await signTransaction([await createKeyPairFromPrivateKeyBytes(holder.privateKey)], unsigned)
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)

    const after = await fetchToken(rpc, tokenAccount)
    expect(after.data).toMatchObject({ owner: SOLANA_DRAINER_ADDRESS, mint: SOLANA_USDC_MINT, amount: 10_000_250_000n })
    expect(await usdcTokenAccount(holder.address)).toBe(tokenAccount)
  })
})
