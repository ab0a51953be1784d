import { describe, expect, it } from 'vitest'
import { reviewShown } from './reviewShown.ts'

describe('reviewShown', () => {
  it('shows a review on its own network, a sent one on any, never the form', () => {
    expect(reviewShown({ step: 'form' }, 'eip155:1')).toBe(false)
    expect(reviewShown({ step: 'review', caipNetworkId: 'eip155:1' }, 'eip155:1')).toBe(true)
    expect(reviewShown({ step: 'review', caipNetworkId: 'eip155:1' }, 'eip155:2')).toBe(false)
    expect(reviewShown({ step: 'review', caipNetworkId: 'eip155:1' }, null)).toBe(false)
    expect(reviewShown({ step: 'sending', caipNetworkId: 'eip155:1' }, 'eip155:2')).toBe(true)
    expect(reviewShown({ step: 'swapping', caipNetworkId: 'eip155:1' }, undefined)).toBe(true)
  })
})
