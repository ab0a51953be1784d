import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Avatar, avatarTint } from './Avatar.tsx'

const addresses = Array.from({ length: 50 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`)

describe('Avatar', () => {
  it('uses one of 5 tints, the same for an address whatever its case', () => {
    const tints = new Set(addresses.map(avatarTint))
    expect([...tints].sort()).toEqual([0, 1, 2, 3, 4])
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(avatarTint(address)).toBe(avatarTint(address.toLowerCase()))
    render(<Avatar address={address} label="Account avatar" />)
    expect(screen.getByRole('img', { name: 'Account avatar' }).className).toBe(`portico-avatar portico-tint-${avatarTint(address)}`)
  })

  it('is decorative without a label', () => {
    render(<Avatar address={addresses[0]!} />)
    expect(screen.queryByRole('img')).toBeNull()
  })
})
