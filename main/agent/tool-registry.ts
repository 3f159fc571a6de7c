/**
 * The tools one agent run may call. The composition root registers what is installed (execute and retrieve today;
 * perceive and measure when their packs land); skills and the model ask the registry, never import a tool directly,
 * so a missing tool is an honest "not installed" rather than a crash.
 */
import { z } from 'zod'
import { containTool } from '../tools/access'
import type { Tool } from '../tools/tool'
import type { ToolName } from '../tools/protocol'
import type { ModelToolSpec } from './model'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, any>

export class ToolRegistry {
  private readonly tools = new Map<string, AnyTool>()

  constructor(tools: AnyTool[] = []) {
    for (const t of tools) this.register(t)
  }

  register(tool: AnyTool): this {
    if (this.tools.has(tool.name)) throw new Error(`A tool named '${tool.name}' is already registered.`)
    // Every tool passes through the one access guard (tools/access.ts): its paths are checked before it runs.
    this.tools.set(tool.name, containTool(tool))
    return this
  }

  has(name: string): boolean {
    return this.tools.has(name)
  }

  get(name: string): AnyTool | undefined {
    return this.tools.get(name)
  }

  names(): ToolName[] {
    return [...this.tools.keys()] as ToolName[]
  }

  /** Function specs for a model: name, description and the JSON schema of the arguments. */
  specs(): ModelToolSpec[] {
    return [...this.tools.values()].map((t) => ({
      name: t.name,
      description: t.description,
      parameters: jsonSchemaOf(t.args),
    }))
  }
}

/** JSON schema of a zod schema, without the `$schema` header that some servers reject. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json: Record<string, unknown> = { ...z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) }
  delete json.$schema
  return json
}
