/**
 * `sessions.*` channels (issue 17): save the desk as a named session (its files and the runs it shows), list the
 * named sessions for History, and open one: its files become the desk's files (the others leave the desk, an
 * upload a named session still holds is kept) and its runs are handed back for the window to reopen; rename one,
 * or delete it (its runs stay in the history, an upload nothing else holds goes with it).
 */
import type { FileEntry } from '../../../preload/contract'
import { NamedSessionStore } from '../../store/named-sessions'
import { SessionFileStore, type StoredFile } from '../../store/session-files'
import type { IpcDeps } from '../deps'
import { notFound, RsureError } from '../errors'
import type { Handlers } from '../router'
import { forgetFile } from './files'
import { needServices } from './need'

function store(deps: IpcDeps): NamedSessionStore {
  const services = needServices(deps)
  if (!deps.session.id) throw new RsureError('failed', `${deps.session.note ?? 'The file list is not saved.'} Named sessions need it`)
  return new NamedSessionStore(services.db)
}

/** Add a named session's files back: uploads and paths each in one add, every file under its stored name. */
async function addStored(deps: IpcDeps, stored: StoredFile[]): Promise<{ path: string; reason: string }[]> {
  const skipped: { path: string; reason: string }[] = []
  for (const origin of ['path', 'upload'] as const) {
    const mine = stored.filter((f) => f.origin === origin && !deps.files.list().some((e) => e.path === f.path))
    if (!mine.length) continue
    const before = new Set(deps.files.list().map((f) => f.id))
    const r = await deps.files.addPaths(
      mine.map((f) => f.path),
      origin,
      mine.map((f) => f.name),
    )
    // The analyst knows a file by its name; where an upload lives in the data folder is not theirs to read.
    skipped.push(...r.skipped.map((s) => ({ path: mine.find((f) => f.path === s.path)?.name ?? s.path, reason: s.reason })))
    const fresh = r.added.filter((f) => !before.has(f.id))
    if (fresh.length) deps.hub.emit('files.added', { files: fresh })
  }
  return skipped
}

export function sessionHandlers(deps: IpcDeps): Handlers {
  return {
    'sessions.save': async ({ name, runIds }) => {
      await deps.ready
      return store(deps).save(name, deps.session.id!, runIds)
    },
    'sessions.list': () => ({ sessions: store(deps).list() }),
    'sessions.rename': ({ id, name }) => {
      const renamed = store(deps).rename(id, name)
      if (!renamed) throw notFound('named session', id, 'it may have been deleted; pick one from the history')
      return renamed
    },
    'sessions.delete': async ({ id }) => {
      await deps.ready
      const { deleted, uploads } = store(deps).delete(id)
      // An upload is the analyst's copy only while a session or the desk holds it (as files.remove decides).
      const held = new SessionFileStore(needServices(deps).db).referencedPaths('upload')
      const shown = new Set(deps.files.list().map((f) => f.path))
      for (const p of uploads.filter((u) => !held.has(u) && !shown.has(u))) await deps.uploads.discard(p)
      return { deleted }
    },
    'sessions.open': async ({ id }) => {
      await deps.ready
      const named = store(deps)
      if (!named.get(id)) throw notFound('named session', id, 'it may have been deleted; pick one from the history')
      const { files, runIds } = named.contents(id)
      const keep = new Set(files.map((f) => f.path))
      for (const f of deps.files.list().filter((e: FileEntry) => !keep.has(e.path))) await forgetFile(deps, f.id)
      const skipped = await addStored(deps, files)
      // In the saved order (a path added twice to the registry keeps its first place).
      const order = new Map(files.map((f, i) => [f.path, i]))
      const now = deps.files.list().sort((a, b) => (order.get(a.path) ?? 0) - (order.get(b.path) ?? 0))
      return { files: now, runIds, skipped }
    },
  }
}
