/** Hand bytes from the main side (a report, an exported layer) to the analyst as a download (a blob: link). */
export function saveFile(file: { bytes: Uint8Array; fileName: string; mime: string }): void {
  const url = URL.createObjectURL(new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mime }))
  const a = document.createElement('a')
  a.href = url
  a.download = file.fileName
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
