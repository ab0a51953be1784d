import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Tabs } from './Tabs.tsx'

const tabs = ['Tokens', 'NFTs', 'Activity'].map((label) => ({ id: label.toLowerCase(), label, render: () => <p>{label} content</p> }))

describe('Tabs', () => {
  it('has a tablist of tabs, one tab stop, and a panel labelled by its tab', () => {
    render(<Tabs label="Account" tabs={tabs} />)
    screen.getByRole('tablist', { name: 'Account' })
    const all = screen.getAllByRole('tab')
    expect(all.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1'])
    expect(screen.getByRole('tab', { name: 'Tokens' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel', { name: 'Tokens' }).textContent).toBe('Tokens content')
  })

  it('moves with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup()
    render(<Tabs label="Account" tabs={tabs} />)
    await user.click(screen.getByRole('tab', { name: 'Tokens' }))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'NFTs' }))
    expect(screen.getByRole('tabpanel', { name: 'NFTs' }).textContent).toBe('NFTs content')
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Tokens' }))
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tabpanel', { name: 'Activity' }).textContent).toBe('Activity content')
    await user.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: 'Tokens' }).getAttribute('aria-selected')).toBe('true')
  })
})
