// @vitest-environment happy-dom
/**
 * Named sessions in History: rename (in place) and delete (after a confirmation naming the session), and Open asks
 * before it replaces a desk whose files or runs the session does not hold; "no" keeps the desk as it is.
 */
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FileEntry, NamedSession, RsureApi } from '../../../preload/contract'
import { NamedSessions } from '../../../renderer/src/desk/named-sessions'
import { openSessionQuestion } from '../../../renderer/src/desk/open-session'
import { picture } from './synthetic-runs'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

const RUN1 = 'run-20261203T100000Z-1a2b3c4d'
const RUN2 = 'run-20261203T110000Z-2b3c4d5e'
const a = picture('fa0001', '/levir/A/test_2_0000_0000.png', 256, 256)
const b = picture('fb0002', '/levir/B/test_2_0000_0000.png', 256, 256)
const c = picture('fc0003', '/levir/label/other.png', 256, 256)
const upload: FileEntry = { ...picture('fd0004', '/data/uploads/u1/sent.png', 9, 9), origin: 'upload' }

const harbour: NamedSession = {
  id: 'ses-20261203T120000Z-1a2b3c4d',
  name: 'Harbour pair',
  savedAt: '2026-12-03T12:00:00.000Z',
  files: 2,
  runs: 1,
  paths: [a.path, b.path],
  runIds: [RUN1],
}

describe('opening a named session: what it would replace', () => {
  it('asks nothing when the desk is empty or holds only what the session holds', () => {
    expect(openSessionQuestion(harbour, { files: [], thread: [] })).toBeNull()
    expect(openSessionQuestion(harbour, { files: [a, b], thread: [RUN1] })).toBeNull()
    expect(openSessionQuestion(harbour, { files: [b], thread: [] })).toBeNull()
  })

  it("names the files and counts the runs that would leave the desk, in the cards' names", () => {
    const q = openSessionQuestion({ ...harbour, paths: [a.path] }, { files: [a, b, c], thread: [RUN1, RUN2] })
    expect(q).toContain('"Harbour pair"')
    expect(q).toContain('2 files (test_2_0000_0000.png (2), other.png)')
    expect(q).toContain('1 run')
    expect(q).toMatch(/History/)
    expect(q).not.toMatch(/upload/i)
    expect(openSessionQuestion(harbour, { files: [a], thread: [RUN2] })).toMatch(/^Open "Harbour pair"\? .*1 run .*History/)
  })

  it('says that an uploaded file no saved session holds is deleted', () => {
    expect(openSessionQuestion(harbour, { files: [a, upload], thread: [] })).toMatch(/1 file \(sent\.png\).*uploaded.*deleted/)
  })
})

// ---------------------------------------------------------------------------------------------------------------
// The component, rendered in happy-dom with a fake api

const roots: Root[] = []
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount())
  document.body.innerHTML = ''
})

function fakeApi(sessions: NamedSession[]) {
  const calls: [string, unknown][] = []
  const invoke = vi.fn(async (channel: string, request: unknown) => {
    calls.push([channel, request])
    if (channel === 'sessions.list') return { sessions }
    if (channel === 'sessions.open') return { files: [a, b], runIds: [RUN1], skipped: [] }
    if (channel === 'sessions.rename') return { ...sessions[0], name: 'New name' }
    if (channel === 'sessions.delete') return { deleted: true }
    throw new Error(`unexpected ${channel}`)
  })
  const api = { transport: 'websocket', invoke, on: () => () => undefined, addFiles: () => Promise.reject(new Error('unused')) } as unknown as RsureApi
  return { api, calls: () => calls.filter(([ch]) => ch !== 'sessions.list'), lists: () => calls.filter(([ch]) => ch === 'sessions.list').length }
}

async function mount(props: { api: RsureApi; files: FileEntry[]; thread: string[]; confirm: (m: string) => boolean; onOpened?: () => void }) {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  roots.push(root)
  await act(async () => {
    root.render(
      <NamedSessions
        api={props.api}
        files={props.files}
        thread={props.thread}
        refreshKey={0}
        onError={(m) => {
          throw new Error(m)
        }}
        onOpened={props.onOpened ?? (() => undefined)}
        confirm={props.confirm}
      />,
    )
  })
  return el
}

async function click(el: Element | null) {
  expect(el).not.toBeNull()
  await act(async () => {
    el!.dispatchEvent(new MouseEvent('click', { bubbles: true }))
  })
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('named sessions component', () => {
  it('Open asks first when the desk holds files or runs the session does not, and keeps the desk on "no"', async () => {
    const { api, calls } = fakeApi([harbour])
    const confirm = vi.fn((_message: string) => false)
    const onOpened = vi.fn()
    const el = await mount({ api, files: [a, b, c], thread: [RUN1, RUN2], confirm, onOpened })
    await click(el.querySelector('[data-testid=session-open]'))
    expect(confirm).toHaveBeenCalledOnce()
    expect(confirm.mock.calls[0]).toEqual([expect.stringContaining('1 file (other.png)')])
    expect(calls()).toEqual([])
    expect(onOpened).not.toHaveBeenCalled()

    confirm.mockReturnValue(true)
    await click(el.querySelector('[data-testid=session-open]'))
    expect(calls()).toEqual([['sessions.open', { id: harbour.id }]])
    expect(onOpened).toHaveBeenCalledOnce()
  })

  it('Open does not ask when nothing on the desk would be replaced', async () => {
    const { api, calls } = fakeApi([harbour])
    const confirm = vi.fn((_message: string) => false)
    const el = await mount({ api, files: [a], thread: [RUN1], confirm })
    await click(el.querySelector('[data-testid=session-open]'))
    expect(confirm).not.toHaveBeenCalled()
    expect(calls()).toEqual([['sessions.open', { id: harbour.id }]])
  })

  it('Delete asks with the session\'s name, does nothing on "no", deletes and lists again on "yes"', async () => {
    const { api, calls, lists } = fakeApi([harbour])
    const confirm = vi.fn((_message: string) => false)
    const el = await mount({ api, files: [], thread: [], confirm })
    await click(el.querySelector('[data-testid=session-delete]'))
    expect(confirm.mock.calls[0]?.[0]).toMatch(/^Delete the session "Harbour pair"\?/)
    // What goes with it: the list, and an upload nothing else holds; not the runs, not the desk.
    expect(confirm.mock.calls[0]?.[0]).toMatch(/runs stay in History.*desk is not changed.*uploaded.*deleted/)
    expect(calls()).toEqual([])
    confirm.mockReturnValue(true)
    const before = lists()
    await click(el.querySelector('[data-testid=session-delete]'))
    expect(calls()).toEqual([['sessions.delete', { id: harbour.id }]])
    expect(lists()).toBe(before + 1)
  })

  it('Rename edits the name in place and saves it; Cancel leaves it', async () => {
    const { api, calls } = fakeApi([harbour])
    const el = await mount({ api, files: [], thread: [], confirm: () => true })
    await click(el.querySelector('[data-testid=session-rename]'))
    const input = el.querySelector<HTMLInputElement>('[data-testid=session-rename-input]')!
    expect(input.value).toBe('Harbour pair')
    await click(el.querySelector('[data-testid=session-rename-cancel]'))
    expect(el.querySelector('[data-testid=session-rename-input]')).toBeNull()
    expect(calls()).toEqual([])

    await click(el.querySelector('[data-testid=session-rename]'))
    await type(el.querySelector<HTMLInputElement>('[data-testid=session-rename-input]')!, 'New name')
    await click(el.querySelector('[data-testid=session-rename-save]'))
    expect(calls()).toEqual([['sessions.rename', { id: harbour.id, name: 'New name' }]])
    expect(el.querySelector('[data-testid=session-rename-input]')).toBeNull()
  })
})
