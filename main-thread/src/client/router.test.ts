import { describe, expect, it } from 'vitest'
import { currentView, route, type RouterState } from './router.ts'

const start: RouterState = { history: [{ name: 'Connect' }] }

describe('route', () => {
  it('pushes, goes back, replaces and resets', () => {
    let state = route(start, { type: 'push', view: { name: 'ConnectingExternal', connectorId: 'a' } })
    expect(currentView(state)).toEqual({ name: 'ConnectingExternal', connectorId: 'a' })
    state = route(state, { type: 'replace', view: { name: 'ConnectingExternal', connectorId: 'b' } })
    expect(state.history).toHaveLength(2)
    state = route(state, { type: 'back' })
    expect(currentView(state)).toEqual({ name: 'Connect' })
    expect(route(state, { type: 'back' })).toBe(state)
    state = route(route(state, { type: 'push', view: { name: 'Account' } }), { type: 'reset', view: { name: 'Account' } })
    expect(state.history).toEqual([{ name: 'Account' }])
  })
})
