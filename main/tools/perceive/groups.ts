/** Matching a detector's class names against the prompts of target groups ("ships" finds class "ship"). */

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(?<=\w{3})(es|s)$/, '')

/** The group whose prompts name this class, or null. */
export function groupOfClass(label: string, groups: Record<string, string[]>): string | null {
  const l = norm(label)
  for (const [id, prompts] of Object.entries(groups)) if ([id, ...prompts].some((p) => norm(p) === l)) return id
  return null
}

/** Class names of a pack that some group asks for. */
export function classesFor(classNames: string[], groups: Record<string, string[]>): string[] {
  return classNames.filter((c) => groupOfClass(c, groups) !== null)
}
