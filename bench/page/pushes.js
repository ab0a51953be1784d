// Injected before any page script for the N-tab figure: counts the core's state pushes this tab receives
// (comlink calls of the tab's listener, over a MessagePort) and their size as JSON, to report what one
// change costs each tab, and when each arrived (wall clock, so tabs of one browser compare). A push is the whole state ({ revision, connections, … }) or a change
// ({ revision, changed }); both are counted the same way.
;(() => {
  let pushes = []
  const isPush = (value) => value && typeof value === 'object' && typeof value.revision === 'number' && ('changed' in value || 'connections' in value)
  const original = MessagePort.prototype.addEventListener
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    if (type === 'message' && typeof listener === 'function') {
      const wrapped = function (event) {
        const data = event?.data
        const value = data && data.type === 'APPLY' && Array.isArray(data.argumentList) ? data.argumentList[0]?.value : undefined
        if (isPush(value))
          pushes.push({
            bytes: JSON.stringify(value).length,
            at: performance.timeOrigin + performance.now(),
            slices: Object.entries(value.changed ?? value).map(([slice, v]) => `${slice} (${JSON.stringify(v)?.length ?? 0} B)`),
          })
        return listener.call(this, event)
      }
      return original.call(this, type, wrapped, options)
    }
    return original.call(this, type, listener, options)
  }
  Object.defineProperty(window, '__benchPushes', { value: { reset: () => void (pushes = []), read: () => pushes }, enumerable: false })
})()
