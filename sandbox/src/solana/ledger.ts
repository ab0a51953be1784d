import {
  getAddressDecoder,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type TransactionMessage,
  type TransactionMessageWithBlockhashLifetime,
  type TransactionMessageWithFeePayer,
  type TransactionMessageWithSigners,
} from '@solana/kit'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'
import { Account, Clock, FailedTransactionMetadata, LiteSvm, type SimulatedTransactionInfo, type TransactionMetadata } from 'litesvm/dist/internal.js'
import { describeTransactionError, RPC_CODES, SolanaRpcError, transactionErrorJson, type TransactionErrorJson } from './errors.ts'
import { BLOCKHASH_VALID_BLOCKS, LAMPORTS_PER_SIGNATURE, SLOT_MS, TOKEN_PROGRAM } from './localnet.ts'

const base58 = getBase58Decoder()
const fromBase58 = getBase58Encoder()
const addressBytes = (address: string): Uint8Array => fromBase58.encode(address) as Uint8Array
const addressOf = (bytes: Uint8Array): Address => getAddressDecoder().decode(bytes)

/** The size of an SPL token account and of a mint. */
const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
/** Slots per epoch, as on Solana's clusters. */
const SLOTS_PER_EPOCH = 432_000n
/** How many recent slots the SlotHashes sysvar holds. */
const MAX_SLOT_HASHES = 512

export type LedgerAccount = { lamports: bigint; data: Uint8Array; owner: Address; executable: boolean; rentEpoch: bigint }

/** An SPL token account read from its data. */
export type TokenAccount = { address: Address; mint: Address; owner: Address; amount: bigint; decimals: number; state: number; delegate: Address | null; delegatedAmount: bigint }

/** A pre/post token balance of a transaction's meta. */
export type TokenBalanceEntry = { accountIndex: number; mint: Address; owner: Address; programId: Address; amount: bigint; decimals: number }

export type CompiledInstructionJson = { programIdIndex: number; accounts: number[]; data: string; stackHeight: number | null }

/** A transaction the chain executed (succeeded or failed), kept so its history can be read back. */
export type StoredTransaction = {
  signature: string
  signatures: string[]
  /** The transaction as it was sent. */
  wire: Uint8Array
  slot: number
  blockTime: number
  version: 'legacy' | 0
  message: {
    accountKeys: Address[]
    header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number }
    recentBlockhash: string
    instructions: CompiledInstructionJson[]
    addressTableLookups: Array<{ accountKey: Address; writableIndexes: number[]; readonlyIndexes: number[] }>
  }
  err: TransactionErrorJson | null
  fee: number
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalanceEntry[]
  postTokenBalances: TokenBalanceEntry[]
  logMessages: string[]
  innerInstructions: Array<{ index: number; instructions: CompiledInstructionJson[] }>
  computeUnitsConsumed: number
}

export type SimulationResult = {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: number
  accounts: Array<LedgerAccount | null> | null
  returnData: { programId: Address; data: Uint8Array } | null
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null
}

type DecodedTransaction = { wire: Uint8Array; signatures: string[]; messageBytes: Uint8Array; message: StoredTransaction['message']; version: 'legacy' | 0 }

/** The fee LiteSVM charged, from its report (its JS binding has no getter for it). */
function feeOf(meta: TransactionMetadata): number {
  const all = [...meta.toString().matchAll(/fee: (\d+)/g)]
  const last = all[all.length - 1]?.[1]
  return last === undefined ? 0 : Number(last)
}

function innerInstructionsOf(meta: TransactionMetadata): StoredTransaction['innerInstructions'] {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction()
        return { programIdIndex: ix.programIdIndex(), accounts: [...ix.accounts()], data: base58.decode(ix.data()), stackHeight: inner.stackHeight() }
      }),
    }))
    .filter((entry) => entry.instructions.length > 0)
}

/** Reads `data` as a mint's decimals, or undefined when it is no mint. */
function mintDecimals(account: LedgerAccount | null): number | undefined {
  if (!account || account.owner !== TOKEN_PROGRAM || account.data.length !== MINT_SIZE) return undefined
  const mint = getMintDecoder().decode(account.data)
  return mint.isInitialized ? mint.decimals : undefined
}

/**
 * The chain: a LiteSVM whose slots follow the wall clock (a slot every 400 ms from `genesisMs`), with
 * blockhashes valid for 150 blocks, every executed transaction kept (by signature and by address),
 * and listeners told of each. Block height equals the slot (no slot is ever skipped).
 */
export class SolanaLedger {
  private readonly svm: LiteSvm
  private currentSlot = 0
  private currentMs: number
  private readonly blockhashes = new Map<string, number>()
  private readonly transactions = new Map<string, StoredTransaction>()
  private readonly byAddress = new Map<string, string[]>()
  private readonly listeners = new Set<(tx: StoredTransaction) => void>()
  private readonly slotListeners = new Set<(slot: number) => void>()
  /** The SlotHashes sysvar's entries: the slots before the current one and their hashes, newest first. */
  private readonly slotHashes: { slot: bigint; hash: string }[] = []
  private timer: NodeJS.Timeout | undefined

  constructor(readonly genesisMs: number) {
    this.svm = new LiteSvm()
    // Blockhash age is checked here (150 blocks, as a validator does): LiteSVM knows only its latest.
    this.svm.setBlockhashCheck(false)
    this.currentMs = genesisMs
    this.advanceTo(genesisMs)
  }

  get slot(): number {
    return this.currentSlot
  }

  get blockHeight(): number {
    return this.currentSlot
  }

  /** The Unix time (s) of the current slot. */
  get blockTime(): number {
    return Math.floor(this.currentMs / 1000)
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: this.currentSlot + BLOCKHASH_VALID_BLOCKS }
  }

  isBlockhashValid(blockhash: string): boolean {
    const slot = this.blockhashes.get(blockhash)
    return slot !== undefined && slot + BLOCKHASH_VALID_BLOCKS >= this.currentSlot
  }

  /**
   * Moves the chain to the slot of `ms` (never back): a new slot, clock and blockhash, and the slot
   * left behind in the SlotHashes sysvar (newest first, the last 512, as a validator keeps them:
   * creating an address lookup table names one of these recent slots).
   */
  advanceTo(ms: number): void {
    const slot = Math.floor((ms - this.genesisMs) / SLOT_MS)
    if (slot <= this.currentSlot && this.blockhashes.size > 0) return
    if (this.blockhashes.size > 0) {
      // Every slot since the last one is recorded (a late timer may jump several): each made a block here.
      const hash = this.svm.latestBlockhash()
      for (let past = Math.max(this.currentSlot, slot - MAX_SLOT_HASHES); past < slot; past++) this.slotHashes.unshift({ slot: BigInt(past), hash })
      this.slotHashes.splice(MAX_SLOT_HASHES)
    }
    this.currentSlot = slot
    this.currentMs = ms
    const big = BigInt(slot)
    this.svm.warpToSlot(big)
    if (this.slotHashes.length > 0) this.svm.setSlotHashes(this.slotHashes)
    const epoch = big / SLOTS_PER_EPOCH
    this.svm.setClock(new Clock(big, BigInt(Math.floor(this.genesisMs / 1000)), epoch, epoch + 1n, BigInt(Math.floor(ms / 1000))))
    this.svm.expireBlockhash()
    this.blockhashes.set(this.svm.latestBlockhash(), slot)
    for (const [hash, at] of this.blockhashes) if (at + 2 * BLOCKHASH_VALID_BLOCKS < slot) this.blockhashes.delete(hash)
    for (const listener of this.slotListeners) listener(slot)
  }

  /** Starts the slot clock (a tick per slot; the timer does not keep the process alive). */
  startClock(now: () => number = Date.now): void {
    this.stopClock()
    this.advanceTo(now())
    this.timer = setInterval(() => this.advanceTo(now()), SLOT_MS)
    this.timer.unref()
  }

  stopClock(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  onTransaction(listener: (tx: StoredTransaction) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  onSlot(listener: (slot: number) => void): () => void {
    this.slotListeners.add(listener)
    return () => this.slotListeners.delete(listener)
  }

  // Accounts

  getAccount(address: string): LedgerAccount | null {
    const account = this.svm.getAccount(addressBytes(address))
    if (!account) return null
    // LiteSVM keeps emptied accounts; a validator forgets an account with no lamports.
    if (account.lamports() === 0n && account.data().length === 0) return null
    return { lamports: account.lamports(), data: account.data(), owner: addressOf(account.owner()), executable: account.executable(), rentEpoch: account.rentEpoch() }
  }

  setAccount(address: string, account: Omit<LedgerAccount, 'rentEpoch'>): void {
    this.svm.setAccount(addressBytes(address), new Account(account.lamports, account.data, addressBytes(account.owner), account.executable, 0n))
  }

  balance(address: string): bigint {
    return this.getAccount(address)?.lamports ?? 0n
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength))
  }

  /** The SPL token account at `address`, or undefined when it is none. */
  tokenAccount(address: string, account = this.getAccount(address)): TokenAccount | undefined {
    if (!account || account.owner !== TOKEN_PROGRAM || account.data.length !== TOKEN_ACCOUNT_SIZE) return undefined
    const token = getTokenDecoder().decode(account.data)
    if (token.state === 0) return undefined
    const decimals = mintDecimals(this.getAccount(token.mint)) ?? 0
    return {
      address: address as Address,
      mint: token.mint,
      owner: token.owner,
      amount: token.amount,
      decimals,
      state: token.state,
      delegate: token.delegate.__option === 'Some' ? token.delegate.value : null,
      delegatedAmount: token.delegatedAmount,
    }
  }

  /** The decimals of the mint at `address`, or undefined when it is no mint. */
  mintDecimals(address: string): number | undefined {
    return mintDecimals(this.getAccount(address))
  }

  /** Every SPL token account `owner` holds, optionally of one mint. */
  tokenAccountsByOwner(owner: string, mint?: string): TokenAccount[] {
    const found: TokenAccount[] = []
    for (const entry of this.svm.getProgramAccounts(addressBytes(TOKEN_PROGRAM))) {
      const data = entry.account().data()
      if (data.length !== TOKEN_ACCOUNT_SIZE) continue
      const address = addressOf(entry.address)
      const token = this.tokenAccount(address)
      if (token && token.owner === owner && (mint === undefined || token.mint === mint)) found.push(token)
    }
    return found.sort((a, b) => (a.address < b.address ? -1 : 1))
  }

  // Transactions

  decode(wire: Uint8Array): DecodedTransaction {
    let decoded
    let compiled
    try {
      decoded = getTransactionDecoder().decode(wire)
      compiled = getCompiledTransactionMessageDecoder().decode(decoded.messageBytes)
    } catch (err) {
      throw new SolanaRpcError(RPC_CODES.invalidParams, `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${err instanceof Error ? err.message : String(err)}`)
    }
    if (compiled.version !== 'legacy' && compiled.version !== 0) throw new SolanaRpcError(RPC_CODES.invalidParams, 'invalid transaction: Transaction version is unsupported')
    const signatures = Object.values(decoded.signatures).map((s) => (s ? base58.decode(s) : base58.decode(new Uint8Array(64))))
    return {
      wire,
      signatures,
      messageBytes: decoded.messageBytes as unknown as Uint8Array,
      version: compiled.version,
      message: {
        accountKeys: [...compiled.staticAccounts],
        header: {
          numRequiredSignatures: compiled.header.numSignerAccounts,
          numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
        },
        recentBlockhash: compiled.lifetimeToken,
        instructions: compiled.instructions.map((ix) => ({
          programIdIndex: ix.programAddressIndex,
          accounts: [...(ix.accountIndices ?? [])],
          data: base58.decode(ix.data ?? new Uint8Array()),
          stackHeight: null,
        })),
        addressTableLookups: (('addressTableLookups' in compiled ? compiled.addressTableLookups : undefined) ?? []).map((l) => ({
          accountKey: l.lookupTableAddress,
          writableIndexes: [...l.writableIndexes],
          readonlyIndexes: [...l.readonlyIndexes],
        })),
      },
    }
  }

  /** The same transaction on the latest blockhash (its signatures then no longer match, as with a validator). */
  withLatestBlockhash(tx: DecodedTransaction): DecodedTransaction {
    const decoded = getTransactionDecoder().decode(tx.wire)
    const compiled = getCompiledTransactionMessageDecoder().decode(decoded.messageBytes)
    const messageBytes = getCompiledTransactionMessageEncoder().encode({ ...compiled, lifetimeToken: this.svm.latestBlockhash() } as typeof compiled)
    const wire = getTransactionEncoder().encode({ ...decoded, messageBytes } as typeof decoded) as Uint8Array
    return this.decode(wire)
  }

  private send(tx: DecodedTransaction): TransactionMetadata | FailedTransactionMetadata {
    return tx.version === 'legacy' ? this.svm.sendLegacyTransaction(tx.wire) : this.svm.sendVersionedTransaction(tx.wire)
  }

  private simulateRaw(version: 'legacy' | 0, wire: Uint8Array): SimulatedTransactionInfo | FailedTransactionMetadata {
    return version === 'legacy' ? this.svm.simulateLegacyTransaction(wire) : this.svm.simulateVersionedTransaction(wire)
  }

  /** The checks a validator makes before it runs a transaction: a known blockhash and a new signature. */
  private precheck(tx: DecodedTransaction): TransactionErrorJson | null {
    if (this.transactions.has(tx.signatures[0] ?? '')) return 'AlreadyProcessed'
    if (!this.isBlockhashValid(tx.message.recentBlockhash)) return 'BlockhashNotFound'
    return null
  }

  /**
   * Runs `tx` without changing the chain. `sigVerify` false skips the signature check (the RPC's
   * default); `replaceRecentBlockhash` runs it on the latest blockhash.
   */
  simulate(tx: DecodedTransaction, options: { sigVerify: boolean; replaceRecentBlockhash: boolean; accounts?: readonly string[] }): SimulationResult {
    let replacement: SimulationResult['replacementBlockhash'] = null
    if (options.replaceRecentBlockhash) {
      tx = this.withLatestBlockhash(tx)
      replacement = this.latestBlockhash()
    }
    const early = options.replaceRecentBlockhash ? null : this.precheck(tx)
    if (early !== null) return { err: early, logs: [], unitsConsumed: 0, accounts: null, returnData: null, replacementBlockhash: replacement }
    const sigverify = this.svm.getSigverify()
    this.svm.setSigverify(options.sigVerify)
    let outcome
    try {
      outcome = this.simulateRaw(tx.version, tx.wire)
    } finally {
      this.svm.setSigverify(sigverify)
    }
    const meta = outcome.meta()
    const returned = meta.returnData()
    const post = outcome instanceof FailedTransactionMetadata ? [] : outcome.postAccounts()
    const accounts =
      options.accounts?.map((address) => {
        const after = post.find((p) => addressOf(p.address) === address)
        if (!after) return this.getAccount(address)
        const a = after.account()
        return { lamports: a.lamports(), data: a.data(), owner: addressOf(a.owner()), executable: a.executable(), rentEpoch: a.rentEpoch() }
      }) ?? null
    return {
      err: outcome instanceof FailedTransactionMetadata ? transactionErrorJson(outcome.err()) : null,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      accounts,
      returnData: returned.data().length > 0 ? { programId: addressOf(returned.programId()), data: returned.data() } : null,
      replacementBlockhash: replacement,
    }
  }

  /**
   * Executes `tx` on the chain: it lands in the current slot (kept, listeners told) whether its
   * instructions succeed or fail, or is refused before it runs (a stale blockhash, a signature seen
   * before, a fee it cannot pay), as a validator drops it: then the error is thrown.
   */
  execute(tx: DecodedTransaction): StoredTransaction {
    const early = this.precheck(tx)
    if (early !== null) throw new SolanaRpcError(RPC_CODES.sendTransactionPreflightFailure, `Transaction simulation failed: ${describeTransactionError(early)}`, { err: early })
    const keys = tx.message.accountKeys
    const preAccounts = keys.map((k) => this.getAccount(k))
    const outcome = this.send(tx)
    const postAccounts = keys.map((k) => this.getAccount(k))
    const meta = outcome instanceof FailedTransactionMetadata ? outcome.meta() : outcome
    const err = outcome instanceof FailedTransactionMetadata ? transactionErrorJson(outcome.err()) : null
    const feePayerCharged = (preAccounts[0]?.lamports ?? 0n) !== (postAccounts[0]?.lamports ?? 0n)
    if (err !== null && !feePayerCharged) {
      if (err === 'SignatureFailure') throw new SolanaRpcError(RPC_CODES.transactionSignatureVerificationFailure, 'Transaction signature verification failure')
      throw new SolanaRpcError(RPC_CODES.sendTransactionPreflightFailure, `Transaction simulation failed: ${describeTransactionError(err)}`, { err, logs: meta.logs() })
    }
    const tokenBalances = (accounts: Array<LedgerAccount | null>): TokenBalanceEntry[] =>
      accounts.flatMap((account, accountIndex) => {
        const token = account ? this.tokenAccount(keys[accountIndex] as string, account) : undefined
        return token ? [{ accountIndex, mint: token.mint, owner: token.owner, programId: TOKEN_PROGRAM as Address, amount: token.amount, decimals: token.decimals }] : []
      })
    const stored: StoredTransaction = {
      signature: tx.signatures[0] as string,
      signatures: tx.signatures,
      wire: tx.wire,
      slot: this.currentSlot,
      blockTime: this.blockTime,
      version: tx.version,
      message: tx.message,
      err,
      fee: feeOf(meta) || LAMPORTS_PER_SIGNATURE * tx.message.header.numRequiredSignatures,
      preBalances: preAccounts.map((a) => Number(a?.lamports ?? 0n)),
      postBalances: postAccounts.map((a) => Number(a?.lamports ?? 0n)),
      preTokenBalances: tokenBalances(preAccounts),
      postTokenBalances: tokenBalances(postAccounts),
      logMessages: meta.logs(),
      innerInstructions: innerInstructionsOf(meta),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
    }
    this.transactions.set(stored.signature, stored)
    for (const key of new Set(keys)) {
      const list = this.byAddress.get(key) ?? []
      list.push(stored.signature)
      this.byAddress.set(key, list)
    }
    for (const listener of this.listeners) listener(stored)
    return stored
  }

  /** The fee of a message, or null when its blockhash is not valid. */
  feeForMessage(messageBytes: Uint8Array): number | null {
    let compiled
    try {
      compiled = getCompiledTransactionMessageDecoder().decode(messageBytes)
    } catch {
      throw new SolanaRpcError(RPC_CODES.invalidParams, 'invalid transaction message: failed to deserialize')
    }
    if (!this.isBlockhashValid(compiled.lifetimeToken)) return null
    const signatures = compiled.header.numSignerAccounts
    // LiteSVM's own fee (priority fees included): a run without signature checks on unsigned copies.
    const wire = new Uint8Array([signatures, ...new Uint8Array(64 * signatures), ...messageBytes])
    if (signatures < 128) {
      const sigverify = this.svm.getSigverify()
      this.svm.setSigverify(false)
      try {
        const fee = feeOf(this.simulateRaw(compiled.version === 'legacy' ? 'legacy' : 0, wire).meta())
        if (fee > 0) return fee
      } catch {
        // Not runnable as it stands: the base fee below.
      } finally {
        this.svm.setSigverify(sigverify)
      }
    }
    return LAMPORTS_PER_SIGNATURE * signatures
  }

  transaction(signature: string): StoredTransaction | undefined {
    return this.transactions.get(signature)
  }

  /** Signatures that touched `address`, newest first, before/until a signature, at most `limit`. */
  signaturesFor(address: string, options: { limit: number; before?: string; until?: string }): StoredTransaction[] {
    const list = [...(this.byAddress.get(address) ?? [])].reverse()
    let start = 0
    if (options.before !== undefined) {
      const at = list.indexOf(options.before)
      start = at === -1 ? list.length : at + 1
    }
    const out: StoredTransaction[] = []
    for (const signature of list.slice(start)) {
      if (signature === options.until || out.length >= options.limit) break
      const tx = this.transactions.get(signature)
      if (tx) out.push(tx)
    }
    return out
  }

  /** Signs `message` with its signers and executes it (the sandbox's own transactions: seed, airdrops). */
  async sendMessage(message: TransactionMessage & TransactionMessageWithFeePayer & TransactionMessageWithBlockhashLifetime & TransactionMessageWithSigners): Promise<StoredTransaction> {
    const signed = await signTransactionMessageWithSigners(message)
    const wire = getTransactionEncoder().encode(signed) as Uint8Array
    const stored = this.execute(this.decode(wire))
    if (stored.err !== null) throw new Error(`Sandbox transaction failed: ${describeTransactionError(stored.err)}\n${stored.logMessages.join('\n')}`)
    return stored
  }

  /** The latest blockhash as a kit lifetime. */
  lifetime(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    const { blockhash, lastValidBlockHeight } = this.latestBlockhash()
    return { blockhash: blockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) }
  }

  /** How many transactions the chain holds. */
  get transactionCount(): number {
    return this.transactions.size
  }
}
