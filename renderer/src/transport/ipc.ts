/**
 * The desktop transport: `window.rsure` exposed by preload/index.ts over Electron IPC. Dropped files travel as paths
 * (the main side reads them where they are); a File without a path (e.g. dragged from another app's memory) is
 * uploaded instead.
 */
import { events, RsureRequestError, type RsureApi, type RsureBridge } from '../../../preload/contract'
import { isSceneMetadata } from './collect-files'
import { uploadAll } from './upload'

export function ipcApi(bridge: RsureBridge): RsureApi {
  const invoke: RsureApi['invoke'] = async (channel, request) => {
    const result = await bridge.invoke(channel, request)
    if (!result.ok) throw new RsureRequestError(result.error.code, result.error.message)
    return result.value as never
  }
  return {
    transport: 'ipc',
    invoke,
    on(event, listener) {
      return bridge.onEvent((name, payload) => {
        if (name !== event) return
        const parsed = events[event].safeParse(payload)
        if (parsed.success) listener(parsed.data as never)
      })
    },
    async addFiles(files, onProgress) {
      const withPath = files.map((f) => ({ f, p: bridge.pathForFile(f) }))
      // A Landsat MTL read where it is already lies beside its bands (the catalog finds it); it is not a file card.
      const paths = withPath.filter((x) => x.p && !isSceneMetadata(x.f.name)).map((x) => x.p)
      const rest = withPath.filter((x) => !x.p).map((x) => x.f)
      const out = paths.length ? await invoke('files.add', { paths }) : { added: [], skipped: [] }
      if (rest.length) {
        const up = await uploadAll(invoke, rest, onProgress)
        out.added.push(...up.added)
        out.skipped.push(...up.skipped)
      }
      return out
    },
  }
}
