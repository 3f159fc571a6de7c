/**
 * Pictures for the viewers: a session file's preview (image.preview) found by its path, and a thumbnail of a derived
 * raster (layers.tile, a pixel window of the whole raster). Both come back as blob URLs that are revoked on unmount.
 */
import { useEffect, useState } from 'react'
import type { FileEntry, RsureApi } from '../../../preload/contract'
import { fetchLayerInfo } from '../map/layer-info'

export interface Picture {
  url: string
  /** Size of the source in its own pixels (the overlay's coordinate system). */
  width: number
  height: number
}

function blobUrl(png: Uint8Array): string {
  return URL.createObjectURL(new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }))
}

/** The session file at `path` (exact path, else the same file name). */
export function fileForPath(files: FileEntry[], path: string): FileEntry | null {
  const name = path.split(/[\\/]/).pop()
  return files.find((f) => f.path === path) ?? files.find((f) => f.name === name) ?? null
}

export function useFilePicture(api: RsureApi, file: FileEntry | null, maxSize = 1024): Picture | Error | null {
  const [pic, setPic] = useState<Picture | Error | null>(null)
  useEffect(() => {
    if (!file?.info) return
    let url: string | null = null
    let live = true
    api.invoke('image.preview', { id: file.id, maxSize }).then(
      (p) => {
        if (!live) return
        url = blobUrl(p.png)
        setPic({ url, width: p.sourceWidth, height: p.sourceHeight })
      },
      (e: Error) => live && setPic(e),
    )
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
    // The file's id and whether it is readable, not its entry object: the files list is refreshed with new objects,
    // and re-asking on each refresh could restart a slow preview for ever (the viewer stayed on 'Loading').
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, file?.id, Boolean(file?.info), maxSize])
  return pic
}

export function useArtifactThumbnail(api: RsureApi, artifact: string | null, size = 96): Picture | Error | null {
  const [pic, setPic] = useState<Picture | Error | null>(null)
  useEffect(() => {
    if (!artifact) return
    let url: string | null = null
    let live = true
    fetchLayerInfo(api, { artifact })
      .then((info) => {
        const s = size / Math.max(info.width, info.height)
        return api
          .invoke('layers.tile', {
            layer: { artifact },
            tile: {
              kind: 'pixel',
              x: 0,
              y: 0,
              width: info.width,
              height: info.height,
              outWidth: Math.max(1, Math.round(info.width * s)),
              outHeight: Math.max(1, Math.round(info.height * s)),
            },
            style: {},
          })
          .then((t) => ({ t, info }))
      })
      .then(
        ({ t, info }) => {
          if (!live) return
          url = blobUrl(t.png)
          setPic({ url, width: info.width, height: info.height })
        },
        (e: Error) => live && setPic(e),
      )
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [api, artifact, size])
  return pic
}
