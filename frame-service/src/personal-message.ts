import { isHex, type Hex } from 'viem'

/**
 * One rule for a personal_sign message on both sides of the frame (the approval that shows it and the
 * service that signs it): `0x` followed by an even number of hex digits is those bytes; anything else
 * is its UTF-8 text. `0x` with an odd number of hex digits is neither (a wallet would have to guess a
 * padding the visitor never saw) and is refused. Answers what the key signs, as viem's signMessage takes it.
 */
export function personalMessage(message: string): { raw: Hex } | string {
  if (!isHex(message, { strict: true })) return message
  if (message.length % 2 !== 0) throw new OddHexMessage()
  return { raw: message }
}

/** A personal_sign message of `0x` and an odd number of hex digits. */
export class OddHexMessage extends Error {
  override name = 'OddHexMessage'
  constructor() {
    super('the message is hex of an odd length')
  }
}
