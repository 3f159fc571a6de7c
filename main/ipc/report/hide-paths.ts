/**
 * An exported report leaves the machine it was made on: it names files by their names, never by where they lie
 * (the data folder, uploads/, a temporary folder, the analyst's home). Every absolute path in a text (POSIX
 * `/a/b/c.tif`, Windows `C:\a\b\c.tif`, a `file://` URL) becomes its last part; a folder's path becomes its name.
 * A path is only taken where one can start (line start, space, quote, bracket, `=` or `:` before it), so the
 * base64 of a data: URI and fractions such as 3/4 are left alone.
 */
const POSIX = /(^|[\s"'([{=:,])(?:file:\/\/)?((?:\/[^\s"'<>()[\]{},;|/\\]+){2,})\/?/g
const WINDOWS = /(^|[\s"'([{=:,])([A-Za-z]:\\(?:[^\s"'<>()[\]{},;|\\]+\\)*[^\s"'<>()[\]{},;|\\]*)/g

export function hidePaths(text: string): string {
  return text
    .replace(POSIX, (_m, before: string, p: string) => `${before}${p.slice(p.lastIndexOf('/') + 1)}`)
    .replace(WINDOWS, (_m, before: string, p: string) => `${before}${p.replace(/\\+$/, '').split('\\').pop() ?? ''}`)
}
